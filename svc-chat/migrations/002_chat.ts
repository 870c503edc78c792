import type { Knex } from 'knex';

/**
 * Chat messages (spec section 3) and what the lock rules of spec 6 need to know about tasks and bids — a projection
 * of svc-tasks' and svc-bids' events, so a message never waits for a call to another service.
 * Ids of tasks, users and bids point at other services (no foreign keys across services).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_messages', (table) => {
    table.increments('id').primary();
    table.integer('task_id').notNullable();
    table.integer('sender_id').notNullable();
    table.integer('receiver_id').notNullable();
    table.text('sender_role').notNullable();
    table.integer('bid_id');
    table.text('message').notNullable();
    table.timestamp('read_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // One thread = a task and an unordered pair of users.
  await knex.raw(
    `create index chat_messages_thread_idx on chat_messages (task_id, least(sender_id, receiver_id), greatest(sender_id, receiver_id), id)`,
  );
  // A user's threads: as sender and as receiver; the unread ones for the counts.
  await knex.raw(`create index chat_messages_sender_idx on chat_messages (sender_id, task_id, id)`);
  await knex.raw(`create index chat_messages_receiver_idx on chat_messages (receiver_id, task_id, id)`);
  await knex.raw(`create index chat_messages_unread_idx on chat_messages (receiver_id, task_id, sender_id) where read_at is null`);

  await knex.schema.createTable('chat_tasks', (table) => {
    table.integer('task_id').primary();
    table.integer('owner_id');
    table.text('status').notNullable();
    table.integer('assigned_carrier_id');
    /** The bid limit in force (from the latest bid event), else the task's own. */
    table.integer('max_bids');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('chat_task_bids', (table) => {
    table.integer('bid_id').primary();
    table.integer('task_id').notNullable();
    table.integer('carrier_id').notNullable();
    table.text('status').notNullable();
    table.index(['task_id', 'status'], 'chat_task_bids_task_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('chat_task_bids');
  await knex.schema.dropTableIfExists('chat_tasks');
  await knex.schema.dropTableIfExists('chat_messages');
}

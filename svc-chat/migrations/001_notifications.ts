import type { Knex } from 'knex';

/**
 * Notifications (spec section 3): one row per user and message, created from events. `source_event_id` + `kind`
 * is unique, so an event handled twice (redelivered, or by a second consumer) never gives a second notification.
 * `user_id` and `task_id` point at svc-identity and svc-tasks (no foreign keys across services).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (table) => {
    table.increments('id').primary();
    table.integer('user_id').notNullable();
    table.integer('task_id');
    table.text('type').notNullable();
    table.text('kind').notNullable();
    table.text('title').notNullable();
    table.text('message').notNullable();
    table.text('subject').notNullable().defaultTo('');
    table.jsonb('data').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    table.timestamp('read_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.uuid('source_event_id');
    table.unique(['source_event_id', 'kind'], { indexName: 'notifications_source_event_kind_unique' });
  });
  await knex.raw(`alter table notifications add constraint notifications_type_check check (type in ('info', 'success', 'error'))`);
  // The bar's question: a user's (unread) notifications, newest first.
  await knex.raw(`create index notifications_user_newest_idx on notifications (user_id, created_at desc, id desc)`);
  await knex.raw(
    `create index notifications_user_unread_idx on notifications (user_id, created_at desc, id desc) where read_at is null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notifications');
}

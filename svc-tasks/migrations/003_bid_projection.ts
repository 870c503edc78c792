import type { Knex } from 'knex';

/**
 * The bids svc-tasks knows of (fed by bids.bid.* events), so a task's bid_count and lowest_bid_ore can be worked
 * out again from them on every event — a rejected bid frees its slot and may have been the lowest — and the bid
 * limit svc-bids last applied to the task (the type's or platform's when the task has none of its own).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('task_bids', (table) => {
    table.integer('bid_id').primary();
    table.integer('task_id').notNullable().references('id').inTable('tasks').onDelete('CASCADE');
    table.integer('carrier_id').notNullable();
    table.text('status').notNullable();
    // the gross total the customer would pay, øre (what browse shows as the lowest bid)
    table.bigInteger('total_ore').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table task_bids add constraint task_bids_status_check check (status in ('pending', 'accepted', 'rejected'))`);
  await knex.raw(`create index task_bids_task_status_idx on task_bids (task_id, status, total_ore)`);

  await knex.schema.alterTable('tasks', (table) => {
    table.integer('bid_limit');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tasks', (table) => {
    table.dropColumn('bid_limit');
  });
  await knex.schema.dropTableIfExists('task_bids');
}

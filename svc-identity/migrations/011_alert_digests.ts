import type { Knex } from 'knex';

/**
 * Load alerts' daily overview (issue 29): the tasks that matched a carrier's `daily` alerts, waiting for the 07:00
 * (Danish time) mail; `sent_at` once it went out (or was dropped for a blocked account). One row per carrier and task.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('alert_digest_items', (table) => {
    table.increments('id').primary();
    table.integer('carrier_id').notNullable();
    table.integer('task_id').notNullable();
    table.text('title').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('sent_at', { useTz: true });
    table.unique(['carrier_id', 'task_id'], { indexName: 'alert_digest_items_carrier_task_unique' });
  });
  await knex.raw('create index alert_digest_items_unsent_idx on alert_digest_items (created_at) where sent_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('alert_digest_items');
}

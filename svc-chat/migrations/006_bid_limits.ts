import type { Knex } from 'knex';

/**
 * The bid limit the chat lock ('Max bud nået …') counts against, as svc-bids counts it: the task's own limit
 * (`own_max_bids`, from its created event), else its type's, else the platform's (`chat_bid_limits`, from the admin's
 * changes). `chat_tasks.max_bids` stays the limit the last bid announced, for a task or level not heard of.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_tasks', (table) => {
    table.integer('own_max_bids');
  });
  await knex.schema.createTable('chat_bid_limits', (table) => {
    /** 'platform', or 'type:<task type>'. */
    table.text('scope').primary();
    table.integer('max_bids').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('chat_bid_limits');
  await knex.schema.alterTable('chat_tasks', (table) => {
    table.dropColumn('own_max_bids');
  });
}

import type { Knex } from 'knex';

/**
 * The platform's bid limit as svc-ledger's settings say now (ledger.settings.updated), one row: `available=true` and
 * 'Kan bydes på' leave out a task the platform's limit closes now, also one whose last bid was taken under a higher one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('platform_bid_limit', (table) => {
    table.integer('id').primary();
    table.integer('max_bids').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.raw('alter table platform_bid_limit add constraint platform_bid_limit_one_row check (id = 1)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('platform_bid_limit');
}

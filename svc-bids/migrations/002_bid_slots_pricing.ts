import type { Knex } from 'knex';

/**
 * Placing a bid without queueing and without asking svc-ledger:
 *  - task_projection.bid_count: the bid slots taken, counted up atomically by each placed bid. It never falls below
 *    the bids that really hold a slot (only a placed bid adds one; rejections and expiries are noticed on recount),
 *    so "bid_count < max" is a safe gate; a full-looking task is recounted before a carrier is refused.
 *  - pricing_settings and carrier_fees: svc-ledger's settings and each carrier's list fee, as its events (or, for a
 *    carrier not yet seen, its one quote) told them, so a bid is priced here with the shared pricing function.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_projection', (table) => {
    table.integer('bid_count').notNullable().defaultTo(0);
  });
  await knex.raw(`update task_projection set bid_count = (
    select count(*) from bids where bids.task_id = task_projection.task_id and bids.status in ('pending', 'accepted'))`);
  await knex.raw(`alter table task_projection add constraint task_projection_bid_count_check check (bid_count >= 0)`);

  await knex.schema.createTable('pricing_settings', (table) => {
    table.integer('id').primary();
    table.decimal('fee_percentage', 5, 2).notNullable();
    table.bigInteger('fixed_fee_ore').notNullable();
    table.decimal('vat_percentage', 5, 2).notNullable();
    table.bigInteger('min_fee_ore').notNullable();
    table.integer('max_bids').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table pricing_settings add constraint pricing_settings_single_row check (id = 1)`);

  await knex.schema.createTable('carrier_fees', (table) => {
    table.integer('carrier_id').primary();
    // null: on no list (the default carrier fee)
    table.integer('list_id');
    table.text('list_name');
    table.decimal('fee_percentage', 5, 2).notNullable();
    table.bigInteger('fixed_fee_ore').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['list_id'], 'carrier_fees_list_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('carrier_fees');
  await knex.schema.dropTableIfExists('pricing_settings');
  await knex.schema.alterTable('task_projection', (table) => {
    table.dropColumn('bid_count');
  });
}

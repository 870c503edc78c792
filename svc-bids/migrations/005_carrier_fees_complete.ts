import type { Knex } from 'knex';

/**
 * When svc-bids took in svc-ledger's list of every carrier on a carrier list (GET /internal/carrier-fees). From then
 * on `carrier_fees` plus the carrier-list events are the whole truth: a carrier without a row is on no list and pays
 * the default fee, so no bid waits for svc-ledger. Null: not taken yet — a carrier not seen is asked about.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing_settings', (table) => {
    table.timestamp('carrier_fees_complete_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pricing_settings', (table) => {
    table.dropColumn('carrier_fees_complete_at');
  });
}

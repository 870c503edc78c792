import type { Knex } from 'knex';

/**
 * The ledger's transaction rows: one per payment (svc-payments' `payments.payment.succeeded`), with the breakdown of
 * spec section 3 in øre, taken from the accepted bid's quote snapshot. Booked once per payment id, however often
 * the event arrives.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ledger_transactions', (table) => {
    table.increments('id').primary();
    // Ids of svc-payments, svc-tasks, svc-bids and svc-identity (no foreign keys across services).
    table.integer('payment_id').notNullable().unique();
    table.uuid('event_id').notNullable();
    table.integer('task_id').notNullable();
    table.integer('bid_id').notNullable();
    table.integer('customer_id').notNullable();
    table.integer('carrier_id').notNullable();
    table.text('status').notNullable();
    table.text('currency').notNullable();
    table.text('provider').notNullable();
    table.text('provider_payment_id').notNullable();
    /** What the customer paid, incl. VAT. */
    table.bigInteger('gross_ore').notNullable();
    /** The carrier's price ex VAT. */
    table.bigInteger('net_ore').notNullable();
    table.bigInteger('platform_fee_ex_ore').notNullable();
    table.bigInteger('small_fee_ex_ore').notNullable();
    table.bigInteger('carrier_fee_ore').notNullable();
    /** platform fee + small fee + carrier fee, ex VAT. */
    table.bigInteger('platform_commission_ore').notNullable();
    table.bigInteger('vat_total_ore').notNullable();
    table.bigInteger('vat_on_net_ore').notNullable();
    table.bigInteger('vat_on_fees_ore').notNullable();
    table.bigInteger('carrier_payout_gross_ore').notNullable();
    table.bigInteger('carrier_payout_net_ore').notNullable();
    table.decimal('vat_percentage', 5, 2).notNullable();
    table.decimal('carrier_fee_percentage', 5, 2).notNullable();
    table.bigInteger('carrier_fixed_fee_ore').notNullable();
    table.integer('carrier_list_id');
    /** When the payment succeeded (the row's date). */
    table.timestamp('occurred_at', { useTz: true }).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['occurred_at'], 'ledger_transactions_occurred_idx');
    table.index(['task_id'], 'ledger_transactions_task_idx');
    table.index(['carrier_id'], 'ledger_transactions_carrier_idx');
    table.index(['customer_id'], 'ledger_transactions_customer_idx');
  });
  await knex.raw(
    `alter table ledger_transactions add constraint ledger_transactions_sums check (
      gross_ore = net_ore + platform_fee_ex_ore + small_fee_ex_ore + vat_total_ore
      and vat_total_ore = vat_on_net_ore + vat_on_fees_ore
      and platform_commission_ore = platform_fee_ex_ore + small_fee_ex_ore + carrier_fee_ore
      and carrier_payout_net_ore = net_ore - carrier_fee_ore
      and carrier_payout_gross_ore >= carrier_payout_net_ore)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('ledger_transactions');
}

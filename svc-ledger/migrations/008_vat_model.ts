import type { Knex } from 'knex';

/**
 * One VAT model for every ledger row (docs/money.md): gross = net + VAT, with the VAT base stated.
 * - adjustments and extra charges say whether their amount carries VAT (`vat_included`) and how much of it is VAT
 *   (`vat_ore`, at the platform's VAT rate when booked; net = amount − vat). Adjustments default to no VAT, extra
 *   fees to VAT included (existing charges are booked so, at the current rate);
 * - the view `ledger_rows` gives every row gross, net and VAT (a refund the VAT of what it gives back): an adjustment's and a charge's net is ex VAT, and a
 *   charge's platform commission is its net (the platform's income ex VAT), not its gross.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('adjustments', (table) => {
    table.boolean('vat_included').notNullable().defaultTo(false);
    table.bigInteger('vat_ore').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('ledger_charges', (table) => {
    table.boolean('vat_included').notNullable().defaultTo(true);
    table.bigInteger('vat_ore').notNullable().defaultTo(0);
  });
  // Existing charges: the amount the card paid was gross incl. VAT at the platform's rate.
  await knex.raw(
    `update ledger_charges set vat_ore = amount_ore - round(amount_ore * 100.0 / (100 + coalesce((select vat_percentage from platform_settings limit 1), 25)))`,
  );
  await knex.raw('drop view if exists ledger_rows');
  await knex.raw(ledgerRowsView);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists ledger_rows');
  await knex.schema.alterTable('ledger_charges', (table) => {
    table.dropColumn('vat_ore');
    table.dropColumn('vat_included');
  });
  await knex.schema.alterTable('adjustments', (table) => {
    table.dropColumn('vat_ore');
    table.dropColumn('vat_included');
  });
}

/** As 003's view, with VAT on adjustments and charges and a charge's commission ex VAT; `vat_included` last. */
const ledgerRowsView = `create view ledger_rows as
    select 'transaction'::text as type, t.id, t.occurred_at as date, t.task_id, t.status,
      t.gross_ore as amount_ore, t.gross_ore, t.net_ore, t.carrier_id, t.customer_id,
      t.platform_commission_ore, t.platform_fee_ex_ore, t.small_fee_ex_ore, t.vat_total_ore, t.vat_on_net_ore,
      t.vat_on_fees_ore, t.carrier_payout_gross_ore, t.carrier_payout_net_ore,
      null::text as payout_type, null::integer as payout_id, null::text as reason, t.provider_payment_id as provider_ref,
      t.payment_id, t.bid_id, true as vat_included
    from ledger_transactions t
    union all
    select 'payout', p.id, coalesce(p.paid_at, p.created_at), p.task_id, p.status,
      p.amount_gross_ore, p.amount_gross_ore, p.amount_net_ore, p.carrier_id, null,
      null, null, null, p.amount_gross_ore - p.amount_net_ore, null, null, null, null,
      p.type, p.id, null, p.provider_ref, null, null, p.amount_gross_ore <> p.amount_net_ore
    from payouts p
    union all
    select 'adjustment', a.id, a.created_at, a.task_id, 'applied',
      a.amount_ore, a.amount_ore, a.amount_ore - a.vat_ore,
      case when a.party = 'carrier' then a.user_id end, case when a.party = 'customer' then a.user_id end,
      null, null, null, a.vat_ore, null, null, null, null,
      null, null, a.reason, null, null, null, a.vat_included
    from adjustments a
    union all
    select 'refund', r.id, r.occurred_at, r.task_id, 'refunded',
      r.amount_ore, r.amount_ore, null, r.carrier_id, r.customer_id,
      r.commission_ore, null, null,
      -- a refund gives the whole payment back, its VAT with it (in proportion, were it ever partial)
      (select round(t.vat_total_ore * r.amount_ore::numeric / nullif(t.gross_ore, 0)) from ledger_transactions t where t.payment_id = r.payment_id limit 1),
      null, null, null, null,
      null, null, null, r.provider_refund_id, r.payment_id, null, true
    from ledger_refunds r
    union all
    select 'charge', c.id, c.occurred_at, c.task_id, 'succeeded',
      c.amount_ore, c.amount_ore, c.amount_ore - c.vat_ore, null, c.customer_id,
      c.amount_ore - c.vat_ore, null, null, c.vat_ore, null, null, null, null,
      null, null, c.reason, c.provider_payment_id, null, null, c.vat_included
    from ledger_charges c`;

import type { Knex } from 'knex';

/**
 * Everything that moves money after a payment (issue #12): payouts, adjustments, refunds and extra charges, a
 * projection of each task's status (a carrier earns a transaction's payout once its task is completed), and one
 * view `ledger_rows` over all five row types that the ledger, its CSV and the carrier's finance read.
 * Money in øre; every row's parts are checked by the database; every movement has an idempotency key.
 */
export async function up(knex: Knex): Promise<void> {
  // The status of the tasks the ledger knows of, from tasks.task.status_changed (svc-tasks owns the task).
  await knex.schema.createTable('ledger_tasks', (table) => {
    table.integer('task_id').primary();
    table.text('status').notNullable();
    table.integer('customer_id');
    table.integer('carrier_id');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('payouts', (table) => {
    table.increments('id').primary();
    table.text('type').notNullable();
    table.integer('carrier_id');
    table.integer('task_id');
    /** What the balance arithmetic counts (ex VAT). */
    table.bigInteger('amount_net_ore').notNullable();
    table.bigInteger('amount_gross_ore').notNullable();
    table.text('status').notNullable().defaultTo('pending');
    table.text('provider_ref');
    /** admin = created by an admin, request = the carrier's payout request. */
    table.text('origin').notNullable();
    table.text('idempotency_key').notNullable().unique();
    table.integer('created_by');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('paid_at', { useTz: true });
    table.index(['carrier_id'], 'payouts_carrier_idx');
    table.index(['created_at'], 'payouts_created_idx');
  });
  await knex.raw(
    `alter table payouts add constraint payouts_values check (
      type in ('carrier', 'platform') and (type = 'carrier') = (carrier_id is not null)
      and amount_net_ore > 0 and amount_gross_ore >= amount_net_ore
      and status in ('pending', 'paid', 'cancelled') and (status <> 'paid' or paid_at is not null)
      and origin in ('admin', 'request'))`,
  );
  // A carrier has at most one payout request waiting: a double click cannot make two.
  await knex.raw(
    `create unique index payouts_one_open_request on payouts (carrier_id) where origin = 'request' and status = 'pending'`,
  );

  await knex.schema.createTable('adjustments', (table) => {
    table.increments('id').primary();
    table.text('party').notNullable();
    table.integer('user_id').notNullable();
    table.integer('task_id');
    /** Positive: the platform owes the user; negative: the user owes the platform. */
    table.bigInteger('amount_ore').notNullable();
    table.text('reason').notNullable();
    table.text('idempotency_key').notNullable().unique();
    table.integer('created_by');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id'], 'adjustments_user_idx');
  });
  await knex.raw(
    `alter table adjustments add constraint adjustments_values check (
      party in ('carrier', 'customer') and amount_ore <> 0 and length(btrim(reason)) > 0)`,
  );

  // payments.refund.succeeded: the card got a payment back; the commission and payout it carried are gone with it.
  await knex.schema.createTable('ledger_refunds', (table) => {
    table.increments('id').primary();
    table.integer('refund_id').notNullable().unique();
    table.integer('payment_id').notNullable();
    table.uuid('event_id').notNullable();
    table.integer('task_id').notNullable();
    table.integer('customer_id').notNullable();
    table.integer('carrier_id');
    table.bigInteger('amount_ore').notNullable();
    table.bigInteger('commission_ore').notNullable();
    table.text('provider').notNullable();
    table.text('provider_refund_id').notNullable();
    table.timestamp('occurred_at', { useTz: true }).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['task_id'], 'ledger_refunds_task_idx');
  });
  await knex.raw(`alter table ledger_refunds add constraint ledger_refunds_values check (amount_ore > 0 and commission_ore >= 0)`);

  // payments.charge.succeeded: an extra fee the customer's saved card paid.
  await knex.schema.createTable('ledger_charges', (table) => {
    table.increments('id').primary();
    table.integer('charge_id').notNullable().unique();
    table.uuid('event_id').notNullable();
    table.integer('task_id').notNullable();
    table.integer('customer_id').notNullable();
    table.bigInteger('amount_ore').notNullable();
    table.text('reason').notNullable();
    table.text('provider').notNullable();
    table.text('provider_payment_id').notNullable();
    table.integer('charged_by');
    table.timestamp('occurred_at', { useTz: true }).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['task_id'], 'ledger_charges_task_idx');
  });
  await knex.raw(`alter table ledger_charges add constraint ledger_charges_values check (amount_ore > 0)`);

  await knex.raw(`create view ledger_rows as
    select 'transaction'::text as type, t.id, t.occurred_at as date, t.task_id, t.status,
      t.gross_ore as amount_ore, t.gross_ore, t.net_ore, t.carrier_id, t.customer_id,
      t.platform_commission_ore, t.platform_fee_ex_ore, t.small_fee_ex_ore, t.vat_total_ore, t.vat_on_net_ore,
      t.vat_on_fees_ore, t.carrier_payout_gross_ore, t.carrier_payout_net_ore,
      null::text as payout_type, null::integer as payout_id, null::text as reason, t.provider_payment_id as provider_ref,
      t.payment_id, t.bid_id
    from ledger_transactions t
    union all
    select 'payout', p.id, coalesce(p.paid_at, p.created_at), p.task_id, p.status,
      p.amount_gross_ore, p.amount_gross_ore, p.amount_net_ore, p.carrier_id, null,
      null, null, null, p.amount_gross_ore - p.amount_net_ore, null, null, null, null,
      p.type, p.id, null, p.provider_ref, null, null
    from payouts p
    union all
    select 'adjustment', a.id, a.created_at, a.task_id, 'applied',
      a.amount_ore, null, a.amount_ore,
      case when a.party = 'carrier' then a.user_id end, case when a.party = 'customer' then a.user_id end,
      null, null, null, null, null, null, null, null,
      null, null, a.reason, null, null, null
    from adjustments a
    union all
    select 'refund', r.id, r.occurred_at, r.task_id, 'refunded',
      r.amount_ore, r.amount_ore, null, r.carrier_id, r.customer_id,
      r.commission_ore, null, null, null, null, null, null, null,
      null, null, null, r.provider_refund_id, r.payment_id, null
    from ledger_refunds r
    union all
    select 'charge', c.id, c.occurred_at, c.task_id, 'succeeded',
      c.amount_ore, c.amount_ore, null, null, c.customer_id,
      null, null, null, null, null, null, null, null,
      null, null, c.reason, c.provider_payment_id, null, null
    from ledger_charges c`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists ledger_rows');
  await knex.schema.dropTableIfExists('ledger_charges');
  await knex.schema.dropTableIfExists('ledger_refunds');
  await knex.schema.dropTableIfExists('adjustments');
  await knex.schema.dropTableIfExists('payouts');
  await knex.schema.dropTableIfExists('ledger_tasks');
}

import type { Knex } from 'knex';

/**
 * Money after a payment (issue #12): refunds of cancelled paid tasks, an admin's extra charges on the saved card,
 * the saved card itself (Stripe customer + payment method of the original payment), carriers' Stripe Connect
 * accounts and the transfers of paid payouts. Every provider call has an idempotency key stored here.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (table) => {
    /** The provider's customer and saved card (setup_future_usage) — what an extra charge is made on. */
    table.text('provider_customer_id');
    table.text('payment_method_id');
  });
  await knex.schema.createTable('stripe_customers', (table) => {
    table.integer('user_id').primary();
    table.text('customer_id').notNullable().unique();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('refunds', (table) => {
    table.increments('id').primary();
    /** One full refund per payment. */
    table.integer('payment_id').notNullable().unique();
    table.integer('task_id').notNullable();
    table.integer('customer_id').notNullable();
    table.bigInteger('amount_ore').notNullable();
    table.text('provider').notNullable();
    table.text('provider_refund_id').unique();
    table.text('idempotency_key').notNullable().unique();
    table.text('status').notNullable().defaultTo('pending');
    table.text('last_error');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('succeeded_at', { useTz: true });
  });
  await knex.raw(
    `alter table refunds add constraint refunds_values check (
      amount_ore > 0 and status in ('pending', 'succeeded', 'failed') and (status <> 'succeeded' or succeeded_at is not null))`,
  );

  await knex.schema.createTable('charges', (table) => {
    table.increments('id').primary();
    table.integer('task_id').notNullable();
    table.integer('customer_id').notNullable();
    table.integer('payment_id').notNullable();
    table.bigInteger('amount_ore').notNullable();
    table.text('reason').notNullable();
    table.text('provider').notNullable();
    table.text('provider_payment_id');
    table.text('idempotency_key').notNullable().unique();
    table.text('status').notNullable();
    table.text('last_error');
    table.integer('created_by').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('succeeded_at', { useTz: true });
    table.index(['task_id'], 'charges_task_idx');
  });
  await knex.raw(
    `alter table charges add constraint charges_values check (
      amount_ore > 0 and status in ('succeeded', 'failed') and (status <> 'succeeded' or succeeded_at is not null))`,
  );

  await knex.schema.createTable('mock_refunds', (table) => {
    table.text('id').primary();
    table.text('payment_intent_id').notNullable();
    table.bigInteger('amount_ore').notNullable();
    table.text('idempotency_key').notNullable().unique();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('connected_accounts', (table) => {
    table.integer('user_id').primary();
    table.text('account_id').notNullable().unique();
    table.integer('created_by');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('transfers', (table) => {
    /** One transfer per paid payout (svc-ledger's id). */
    table.integer('payout_id').primary();
    table.integer('carrier_id').notNullable();
    table.text('account_id').notNullable();
    table.bigInteger('amount_ore').notNullable();
    table.text('transfer_id').notNullable().unique();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const name of ['transfers', 'connected_accounts', 'mock_refunds', 'charges', 'refunds', 'stripe_customers']) {
    await knex.schema.dropTableIfExists(name);
  }
  await knex.schema.alterTable('payments', (table) => {
    table.dropColumn('payment_method_id');
    table.dropColumn('provider_customer_id');
  });
}

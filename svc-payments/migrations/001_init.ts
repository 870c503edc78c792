import type { Knex } from 'knex';

/**
 * Payments of accepted bids, the Stripe events already handled, and the mock provider's own intents.
 * Money in øre. A task and accepted bid have at most one open (pending or succeeded) payment per amount and
 * provider, so a double click or a retried request finds the payment made by the first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payments', (table) => {
    table.increments('id').primary();
    // Ids of svc-tasks, svc-bids and svc-identity (no foreign keys across services).
    table.integer('task_id').notNullable();
    table.integer('bid_id').notNullable();
    table.integer('customer_id').notNullable();
    table.integer('carrier_id').notNullable();
    table.bigInteger('amount_ore').notNullable();
    table.text('currency').notNullable().defaultTo('DKK');
    table.text('provider').notNullable();
    table.text('provider_payment_id').notNullable().unique();
    table.text('client_secret').notNullable();
    /** Sent to the provider with the create call: the same task, bid, amount and attempt never make two intents. */
    table.text('idempotency_key').notNullable().unique();
    table.integer('attempt').notNullable().defaultTo(1);
    table.text('status').notNullable().defaultTo('pending');
    table.text('provider_status').notNullable();
    /** The bid's quote snapshot when the intent was made (PaymentSnapshot): what the ledger books. */
    table.jsonb('snapshot').notNullable();
    table.text('last_error');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('succeeded_at', { useTz: true });
    table.index(['task_id'], 'payments_task_idx');
    table.index(['customer_id'], 'payments_customer_idx');
  });
  await knex.raw(
    `alter table payments add constraint payments_values check (
      amount_ore > 0 and currency = 'DKK' and provider in ('mock', 'stripe')
      and status in ('pending', 'succeeded', 'canceled') and attempt >= 1
      and (status <> 'succeeded' or succeeded_at is not null))`,
  );
  await knex.raw(
    `create unique index payments_open_unique on payments (task_id, bid_id, amount_ore, provider) where status <> 'canceled'`,
  );

  // Each Stripe event id is handled once: the row is written in the transaction that handles the event.
  await knex.schema.createTable('stripe_events', (table) => {
    table.text('id').primary();
    table.text('type').notNullable();
    table.text('payment_intent_id');
    table.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // The mock provider's side of things (the embedded default): what Stripe would hold.
  await knex.schema.createTable('mock_payment_intents', (table) => {
    table.text('id').primary();
    table.text('client_secret').notNullable();
    table.text('idempotency_key').notNullable().unique();
    table.bigInteger('amount_ore').notNullable();
    table.text('currency').notNullable();
    table.text('status').notNullable();
    table.jsonb('metadata').notNullable();
    table.text('description');
    table.text('last_error');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mock_payment_intents');
  await knex.schema.dropTableIfExists('stripe_events');
  await knex.schema.dropTableIfExists('payments');
}

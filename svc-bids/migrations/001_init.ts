import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // What svc-bids knows of tasks (fed by tasks.task.* events, or fetched from svc-tasks when a bid comes first).
  // A bid takes a row lock here: it is where placing, accepting and rejecting bids of one task queue up.
  await knex.schema.createTable('task_projection', (table) => {
    table.integer('task_id').primary();
    // null for a guest's task
    table.integer('user_id');
    table.text('type').notNullable();
    table.text('status').notNullable();
    // the task's own bid limit; null = its type's, else the platform's
    table.integer('max_bids');
    table.integer('assigned_carrier_id');
    table.boolean('deleted').notNullable().defaultTo(false);
    // set when an event said max_bids changed without giving it: fetched again before the next bid
    table.boolean('needs_refresh').notNullable().defaultTo(false);
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table task_projection add constraint task_projection_max_bids_check check (max_bids is null or max_bids >= 1)`);
  await knex.raw(`create index task_projection_user_idx on task_projection (user_id) where user_id is not null`);

  // Per-type bid limits (tasks.task_type.* events).
  await knex.schema.createTable('task_type_limits', (table) => {
    table.text('type').primary();
    table.integer('max_bids').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // The platform's bid limit as last announced (ledger.settings.updated); a placed bid uses the fresh one from its quote.
  await knex.schema.createTable('platform_limits', (table) => {
    table.integer('id').primary();
    table.integer('max_bids').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table platform_limits add constraint platform_limits_single_row check (id = 1)`);

  await knex.schema.createTable('bids', (table) => {
    table.increments('id').primary();
    table.integer('task_id').notNullable();
    table.integer('carrier_id').notNullable();
    table.text('carrier_name').notNullable();
    // the task's owner when the bid was placed (null: a guest's task)
    table.integer('customer_id');
    table.text('status').notNullable().defaultTo('pending');
    table.timestamp('valid_until', { useTz: true }).notNullable();
    // quote snapshot, øre (ex VAT where the name says fee)
    table.bigInteger('net_ore').notNullable();
    table.bigInteger('platform_fee_ore').notNullable();
    table.bigInteger('small_fee_ore').notNullable();
    table.bigInteger('subtotal_before_vat_ore').notNullable();
    table.bigInteger('vat_ore').notNullable();
    table.bigInteger('total_ore').notNullable();
    table.bigInteger('carrier_fee_ore').notNullable();
    table.bigInteger('payout_net_ore').notNullable();
    table.bigInteger('payout_gross_ore').notNullable();
    // the carrier's list and fee, and the platform's settings, in force when quoted
    table.integer('carrier_list_id');
    table.text('carrier_list_name');
    table.decimal('carrier_fee_percentage', 5, 2).notNullable();
    table.bigInteger('carrier_fixed_fee_ore').notNullable();
    table.decimal('platform_fee_percentage', 5, 2).notNullable();
    table.bigInteger('platform_fixed_fee_ore').notNullable();
    table.decimal('vat_percentage', 5, 2).notNullable();
    table.bigInteger('platform_min_fee_ore').notNullable();
    table.integer('max_bids').notNullable();
    table.timestamp('quoted_at', { useTz: true }).notNullable();
    table.text('rejection_reason');
    // who accepted or rejected it (null: followed from another change)
    table.integer('decided_by');
    table.timestamp('accepted_at', { useTz: true });
    table.timestamp('rejected_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // one bid per carrier per task
    table.unique(['task_id', 'carrier_id'], { indexName: 'bids_task_carrier_unique' });
    table.index(['carrier_id', 'created_at'], 'bids_carrier_created_idx');
    table.index(['task_id', 'status'], 'bids_task_status_idx');
  });
  await knex.raw(`alter table bids add constraint bids_status_check check (status in ('pending', 'accepted', 'rejected'))`);
  await knex.raw(
    `alter table bids add constraint bids_rejection_reason_check check (rejection_reason is null or rejection_reason in ('rejected', 'other_bid_accepted', 'task_reopened'))`,
  );
  await knex.raw(`alter table bids add constraint bids_net_positive check (net_ore > 0)`);
  await knex.raw(`alter table bids add constraint bids_max_bids_check check (max_bids >= 1)`);
  // At most one accepted bid per task, whatever path leads there.
  await knex.raw(`create unique index bids_one_accepted_per_task on bids (task_id) where status = 'accepted'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('bids');
  await knex.schema.dropTableIfExists('platform_limits');
  await knex.schema.dropTableIfExists('task_type_limits');
  await knex.schema.dropTableIfExists('task_projection');
}

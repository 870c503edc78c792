import type { Knex } from 'knex';

/** A pending bid is also rejected when its carrier's account is deleted or blocked ('carrier_removed'). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table bids drop constraint bids_rejection_reason_check');
  await knex.raw(
    `alter table bids add constraint bids_rejection_reason_check check (rejection_reason is null or rejection_reason in ('rejected', 'other_bid_accepted', 'task_reopened', 'carrier_removed'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table bids drop constraint bids_rejection_reason_check');
  await knex.raw(
    `alter table bids add constraint bids_rejection_reason_check check (rejection_reason is null or rejection_reason in ('rejected', 'other_bid_accepted', 'task_reopened'))`,
  );
}

import type { Knex } from 'knex';

/**
 * When a proof was taken on the carrier's device (issue 29): a proof kept in the offline queue arrives later, so
 * `captured_at` (the device's time, at most 24 h old) is stored beside `created_at` (when it arrived). Null for
 * proofs sent at once (older clients, admins).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_proofs', (table) => {
    table.timestamp('captured_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_proofs', (table) => {
    table.dropColumn('captured_at');
  });
}

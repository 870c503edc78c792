import type { Knex } from 'knex';

/**
 * When the task's accepted bid was paid (issue #12). A carrier may pick up from `assigned` before the customer has
 * paid, so the status alone cannot say whether a task is paid; completing needs `paid_at`. Tasks at `paid` or past
 * it when this ran are taken as paid (before, pickup from `assigned` was the exception, not the rule).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tasks', (table) => {
    table.timestamp('paid_at', { useTz: true });
  });
  await knex('tasks')
    .whereIn('status', ['paid', 'picked_up', 'in_transit', 'delivered', 'completed'])
    .update({ paid_at: knex.ref('updated_at') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tasks', (table) => {
    table.dropColumn('paid_at');
  });
}

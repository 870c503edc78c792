import type { Knex } from 'knex';

/** The version (event `version`, svc-bids' outbox seq) of the last bid event applied to a projected bid. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_bids', (table) => {
    table.bigInteger('version');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_bids', (table) => {
    table.dropColumn('version');
  });
}

import type { Knex } from 'knex';

/** The version (event `version`) of the last task event applied to a projected task; null before versions. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_projection', (table) => {
    table.bigInteger('version');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_projection', (table) => {
    table.dropColumn('version');
  });
}

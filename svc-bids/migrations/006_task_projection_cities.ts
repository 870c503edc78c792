import type { Knex } from 'knex';

/**
 * The task's cities as svc-tasks' events tell them, so a placed bid's event can name the task ('Flytning · Aarhus C →
 * København K'). Null: not told (a task fetched from svc-tasks, or projected before this) or none read from the address.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_projection', (table) => {
    table.text('from_city');
    table.text('to_city');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_projection', (table) => {
    table.dropColumn('from_city');
    table.dropColumn('to_city');
  });
}

import type { Knex } from 'knex';

/**
 * What the ledger names a task by ('Flytning · Aarhus C → København K', as notifications do): its type and cities,
 * from the same tasks.task.status_changed events that give its status. Null until such an event carries them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_tasks', (table) => {
    table.text('type');
    table.text('from_city');
    table.text('to_city');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_tasks', (table) => {
    table.dropColumn('type');
    table.dropColumn('from_city');
    table.dropColumn('to_city');
  });
}

import type { Knex } from 'knex';

/**
 * What notification titles name a task by — its type and route, 'Flytning · Aarhus C → København K' — as svc-tasks'
 * events tell them. Null until told: tasks projected before this migration keep the title 'Opgave #12' until an
 * edit of theirs comes by.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_tasks', (table) => {
    table.text('type');
    table.text('from_city');
    table.text('to_city');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_tasks', (table) => {
    table.dropColumns('type', 'from_city', 'to_city');
  });
}

import type { Knex } from 'knex';

/**
 * A projected bid rejected because another bid of the task was chosen (svc-bids' reason `other_bid_accepted`): it held
 * a slot when the choice was made, so bid_count keeps counting it while that choice stands.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_bids', (table) => {
    table.boolean('lost_to_choice').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_bids', (table) => {
    table.dropColumn('lost_to_choice');
  });
}

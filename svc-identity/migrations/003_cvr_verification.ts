import type { Knex } from 'knex';

/** The CVR number the company register last confirmed for a carrier ('CVR verificeret' while it is still theirs). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.text('cvr_verified_number');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('cvr_verified_number');
  });
}

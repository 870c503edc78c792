import type { Knex } from 'knex';

/**
 * Whether each user has saved bank details (reg.nr. and kontonummer, profile 'Bank'), from identity.user.updated's
 * hasBankDetails: a carrier's payout request is refused without them. svc-identity owns the numbers; only the fact
 * is kept here. A user the table does not know has none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_bank_details', (table) => {
    table.integer('user_id').primary();
    table.boolean('has_bank_details').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_bank_details');
}

import type { Knex } from 'knex';

/**
 * Issue 24: `throttle_hits`, one row per counted attempt (wrong second-factor codes per account and per address,
 * reset and verification mails per address and per e-mail), and `users.second_factor_locked_until`, the end of a
 * second-factor lockout.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('throttle_hits', (table) => {
    table.bigIncrements('id');
    table.text('bucket').notNullable();
    table.text('key').notNullable();
    table.timestamp('at', { useTz: true }).notNullable();
    table.index(['bucket', 'key', 'at']);
  });
  await knex.schema.alterTable('users', (table) => {
    table.timestamp('second_factor_locked_until', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('second_factor_locked_until');
  });
  await knex.schema.dropTable('throttle_hits');
}

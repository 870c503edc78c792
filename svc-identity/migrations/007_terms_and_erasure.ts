import type { Knex } from 'knex';

/**
 * Issue 13 item 5: which versions of Handelsbetingelser and Privatlivspolitik a user accepted and when, and when a
 * user had their account deleted (the row stays, anonymised, so bookkeeping records still point somewhere).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.text('terms_version');
    table.text('privacy_version');
    table.timestamp('terms_accepted_at', { useTz: true });
    table.timestamp('erased_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumns('terms_version', 'privacy_version', 'terms_accepted_at', 'erased_at');
  });
}

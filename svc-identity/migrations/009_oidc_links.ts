import type { Knex } from 'knex';

/**
 * Issue 24: `oidc_links`, an OpenID Connect (issuer, subject) linked to an account by its signed-in owner — the only
 * way an OIDC login finds an account; `oidc_logins` learns which browser started a login (`browser_hash`, the hash of
 * a short-lived HttpOnly cookie) and, for a linking, whose account it links (`link_user_id`). Pending logins of
 * before the change cannot be bound to a browser and are dropped.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('oidc_links', (table) => {
    table.increments('id');
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.text('issuer').notNullable();
    table.text('subject').notNullable();
    table.text('email');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('last_used_at', { useTz: true });
    table.unique(['issuer', 'subject']);
    table.index(['user_id']);
  });
  await knex('oidc_logins').delete();
  await knex.schema.alterTable('oidc_logins', (table) => {
    table.text('browser_hash').notNullable();
    table.integer('link_user_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oidc_logins', (table) => {
    table.dropColumns('browser_hash', 'link_user_id');
  });
  await knex.schema.dropTable('oidc_links');
}

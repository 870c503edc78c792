import type { Knex } from 'knex';

/** The per-address login limit counts failures of one address across e-mails. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_failures', (table) => {
    table.index(['ip', 'attempted_at'], 'login_failures_ip_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_failures', (table) => {
    table.dropIndex(['ip', 'attempted_at'], 'login_failures_ip_idx');
  });
}

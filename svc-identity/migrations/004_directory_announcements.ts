import type { Knex } from 'knex';

/** Which version of the user directory identity last announced to the other services (its start-up backfill). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('directory_announcements', (table) => {
    table.integer('id').primary();
    table.integer('version').notNullable();
    table.timestamp('announced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('directory_announcements');
}

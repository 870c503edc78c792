import type { Knex } from 'knex';

/** svc-tasks' projection of identity's users: the names and companies task pages show instead of numbers. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_directory', (table) => {
    table.integer('user_id').primary();
    table.text('role');
    table.text('name').notNullable();
    table.text('email');
    table.text('company');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_directory');
}

import type { Knex } from 'knex';

/**
 * A task type's own bid limit (spec section 3 "Task type setting"), set by an admin under /admin/task-types.
 * Nothing is seeded: a type without a row has no limit of its own (the platform's applies).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('task_type_settings', (table) => {
    // lower-case a-z, 0-9, '_' and '-', 1–40 characters
    table.text('type').primary();
    table.integer('max_bids').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table task_type_settings add constraint task_type_settings_type_check check (type ~ '^[a-z0-9_-]{1,40}$')`);
  await knex.raw(`alter table task_type_settings add constraint task_type_settings_max_bids_check check (max_bids between 1 and 1000)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('task_type_settings');
}

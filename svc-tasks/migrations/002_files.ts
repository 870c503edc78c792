import type { Knex } from 'knex';

/**
 * Uploaded files (photos, documents). The bytes live in the file storage under `key`; this row says what they are
 * and who uploaded them (null: a guest creating a task).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('files', (table) => {
    table.text('key').primary();
    table.integer('owner_user_id');
    table.text('kind').notNullable();
    table.text('content_type').notNullable();
    table.integer('size').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['owner_user_id'], 'files_owner_user_idx');
    table.index(['created_at'], 'files_created_at_idx');
  });
  await knex.raw(`alter table files add constraint files_kind_check check (kind in ('image', 'document'))`);
  await knex.raw(`alter table files add constraint files_size_check check (size >= 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('files');
}

import type { Knex } from 'knex';

/**
 * Browse walks tasks newest first and filters on status, type, price and flexibility. With those columns inside
 * the created_at index, skipping rows (deep pages) and counting up to the cap read only the index, not the table.
 * It replaces the plain created_at index.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index tasks_browse_idx on tasks (created_at desc, id desc) include (status, type, lowest_bid_ore, is_flexible)`,
  );
  await knex.raw(`drop index if exists tasks_created_idx`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`create index tasks_created_idx on tasks (created_at desc, id desc)`);
  await knex.raw(`drop index if exists tasks_browse_idx`);
}

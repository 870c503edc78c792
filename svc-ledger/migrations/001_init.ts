import type { Knex } from 'knex';

/**
 * Platform settings (one row), carrier lists and which carrier is on which list. Money in øre, percentages with
 * two decimals. The seeded values are the spec's defaults (section 9) as they were when this migration was
 * written; later changes are the admins' and live in the rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('platform_settings', (table) => {
    table.integer('id').primary();
    table.decimal('fee_percentage', 5, 2).notNullable();
    table.bigInteger('fixed_fee_ore').notNullable();
    table.decimal('vat_percentage', 5, 2).notNullable();
    table.bigInteger('min_fee_ore').notNullable();
    table.integer('max_bids').notNullable();
    table.timestamp('updated_at', { useTz: true });
    table.integer('updated_by');
  });
  await knex.raw(`alter table platform_settings add constraint platform_settings_single_row check (id = 1)`);
  await knex.raw(
    `alter table platform_settings add constraint platform_settings_ranges check (
      fee_percentage between 0 and 100 and vat_percentage between 0 and 100
      and fixed_fee_ore >= 0 and min_fee_ore >= 0 and max_bids >= 1)`,
  );
  await knex('platform_settings').insert({
    id: 1,
    fee_percentage: 10,
    fixed_fee_ore: 2_000,
    vat_percentage: 25,
    min_fee_ore: 3_000,
    max_bids: 5,
  });

  await knex.schema.createTable('carrier_lists', (table) => {
    table.increments('id').primary();
    table.text('name').notNullable();
    table.text('description').notNullable().defaultTo('');
    table.decimal('fee_percentage', 5, 2).notNullable();
    table.bigInteger('fixed_fee_ore').notNullable().defaultTo(0);
    table.bigInteger('min_fee_ore').notNullable().defaultTo(0);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`create unique index carrier_lists_name_unique on carrier_lists (lower(name))`);
  await knex.raw(
    `alter table carrier_lists add constraint carrier_lists_ranges check (
      fee_percentage between 0 and 100 and fixed_fee_ore >= 0 and min_fee_ore >= 0)`,
  );
  await knex('carrier_lists').insert([
    { name: 'A', description: 'Faste samarbejdspartnere – laveste gebyr', fee_percentage: 8 },
    { name: 'B', description: 'Standard', fee_percentage: 10 },
    { name: 'C', description: 'Nye eller lejlighedsvise carriers', fee_percentage: 12 },
  ]);

  await knex.schema.createTable('carrier_list_assignments', (table) => {
    table.increments('id').primary();
    // A user of svc-identity (no foreign key across services); on at most one list.
    table.integer('user_id').notNullable().unique();
    table.integer('list_id').notNullable().references('id').inTable('carrier_lists').onDelete('RESTRICT');
    table.integer('assigned_by');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['list_id'], 'carrier_list_assignments_list_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('carrier_list_assignments');
  await knex.schema.dropTableIfExists('carrier_lists');
  await knex.schema.dropTableIfExists('platform_settings');
}

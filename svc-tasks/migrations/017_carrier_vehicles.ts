import type { Knex } from 'knex';

/**
 * A carrier's vehicles and coverage regions (issue 29), written by the carrier (PUT /carrier/profile) into the row
 * identity's events keep for the public carrier page; the events never touch these columns.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('carrier_profiles', (table) => {
    table.jsonb('vehicles').notNullable().defaultTo('[]');
    table.specificType('coverage_regions', 'text[]').notNullable().defaultTo('{}');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('carrier_profiles', (table) => {
    table.dropColumn('vehicles');
    table.dropColumn('coverage_regions');
  });
}

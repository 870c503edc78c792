import type { Knex } from 'knex';

/**
 * Whether the carrier's public page is shown (identity.carrier.profile_updated's `listed`: approved and not blocked).
 * Null until an event has said so (events written before the field): shown, as before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('carrier_profiles', (table) => {
    table.boolean('listed');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('carrier_profiles', (table) => {
    table.dropColumn('listed');
  });
}

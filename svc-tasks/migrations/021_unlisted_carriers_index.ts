import type { Knex } from 'knex';

/**
 * Load alerts (issue 29): matching a task reads the carriers who may not be told (not approved or blocked); a partial
 * index holds just those, so the read does not walk every carrier profile as carriers grow.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index carrier_profiles_unlisted_idx on carrier_profiles (user_id) where listed = false');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists carrier_profiles_unlisted_idx');
}

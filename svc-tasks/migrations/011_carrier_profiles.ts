import type { Knex } from 'knex';

/**
 * svc-tasks' projection of what a carrier's public profile shows from identity (identity.carrier.profile_updated):
 * CVR number and whether the register knows it, the latest insurance expiry, member since. Names stay in
 * user_directory; ratings and completed tasks are svc-tasks' own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('carrier_profiles', (table) => {
    table.integer('user_id').primary();
    table.text('cvr_number');
    table.boolean('cvr_verified').notNullable().defaultTo(false);
    table.date('insured_until');
    table.timestamp('member_since', { useTz: true });
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // The carrier page's latest reviews and the bid table's averages: a carrier's ratings by customers, newest first.
  await knex.raw(`create index ratings_carrier_reviews_idx on ratings (carrier_id, user_type, created_at desc, id desc)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index if exists ratings_carrier_reviews_idx`);
  await knex.schema.dropTableIfExists('carrier_profiles');
}

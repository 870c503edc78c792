import type { Knex } from 'knex';

/**
 * Load alerts (issue 29): a carrier's saved searches, and which carrier has been told of which task (once per task
 * and carrier, whichever of their alerts matched and however often the task is edited).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('alerts', (table) => {
    table.increments('id').primary();
    table.integer('carrier_id').notNullable();
    table.text('name').notNullable();
    // Empty: any.
    table.specificType('from_regions', 'text[]').notNullable().defaultTo('{}');
    table.specificType('to_regions', 'text[]').notNullable().defaultTo('{}');
    table.specificType('types', 'text[]').notNullable().defaultTo('{}');
    table.date('pickup_from');
    table.date('pickup_to');
    table.text('email').notNullable();
    table.boolean('paused').notNullable().defaultTo(false);
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
    table.index(['carrier_id', 'id'], 'alerts_carrier_idx');
  });
  // Bumped by every alert write in its transaction: a replica's in-memory copy of the alerts is current while equal.
  await knex.schema.createTable('alerts_version', (table) => {
    table.integer('id').primary();
    table.bigInteger('version').notNullable();
  });
  await knex('alerts_version').insert({ id: 1, version: 0 });
  await knex.schema.createTable('alert_matches', (table) => {
    table.integer('task_id').notNullable();
    table.integer('carrier_id').notNullable();
    table.integer('alert_id').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.primary(['task_id', 'carrier_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('alert_matches');
  await knex.schema.dropTableIfExists('alerts_version');
  await knex.schema.dropTableIfExists('alerts');
}

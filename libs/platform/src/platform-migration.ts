import type { Knex } from 'knex';
import type { Migration } from './migrate';

/** The outbox and inbox every service has; runs before the service's own migrations. */
export const platformMigration: Migration = {
  name: '000_platform_outbox_inbox',
  async up(knex: Knex) {
    await knex.schema.createTable('outbox', (table) => {
      table.uuid('id').primary();
      table.text('type').notNullable();
      table.jsonb('data').notNullable();
      table.text('correlation_id').notNullable();
      table.text('causation_id');
      table.timestamp('occurred_at', { useTz: true }).notNullable();
      table.timestamp('sent_at', { useTz: true });
      table.bigIncrements('seq', { primaryKey: false });
    });
    await knex.raw('create index outbox_unsent_idx on outbox (seq) where sent_at is null');
    // One row per (consumer, event): two consumers of one service may both handle the same event.
    await knex.schema.createTable('inbox', (table) => {
      table.text('durable').notNullable();
      table.text('event_id').notNullable();
      table.timestamp('handled_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      table.primary(['durable', 'event_id']);
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTable('inbox');
    await knex.schema.dropTable('outbox');
  },
};

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

/** Which event store the outbox last published to (see EventBus.storeIdentity), and the replay-window index. */
export const platformBusStoreMigration: Migration = {
  name: '001_platform_bus_store',
  async up(knex: Knex) {
    await knex.schema.createTable('bus_store', (table) => {
      table.text('producer').primary();
      table.text('identity').notNullable();
      table.timestamp('seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw('create index outbox_occurred_idx on outbox (occurred_at)');
  },
  async down(knex: Knex) {
    await knex.raw('drop index outbox_occurred_idx');
    await knex.schema.dropTable('bus_store');
  },
};

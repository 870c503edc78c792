import type { Knex } from 'knex';
import type { Migration } from '../migrate';

/**
 * The tables of a service that sends e-mail: its mail outbox and the development mailbox. A service lists it
 * among its own migrations (the name is recorded in the service's knex_migrations and must not change).
 */
export const mailMigration: Migration = {
  name: 'platform_mail',
  async up(knex: Knex) {
    await knex.schema.createTable('mail_outbox', (table) => {
      table.uuid('id').primary();
      table.text('to').notNullable();
      table.text('subject').notNullable();
      // Emptied once sent: links in mails carry single-use tokens that need not outlive the delivery.
      table.text('text');
      table.text('html');
      table.text('template').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('sent_at', { useTz: true });
      table.timestamp('next_attempt_at', { useTz: true }).notNullable();
      table.integer('attempts').notNullable().defaultTo(0);
      table.text('last_error');
      table.bigIncrements('seq', { primaryKey: false });
    });
    await knex.raw('create index mail_outbox_unsent_idx on mail_outbox (next_attempt_at) where sent_at is null');
    await knex.schema.createTable('dev_mailbox', (table) => {
      table.increments('id').primary();
      table.uuid('mail_id').notNullable().unique();
      table.text('to').notNullable();
      table.text('subject').notNullable();
      table.text('text').notNullable();
      table.text('html').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.index(['to', 'id'], 'dev_mailbox_to_idx');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists('dev_mailbox');
    await knex.schema.dropTableIfExists('mail_outbox');
  },
};

/**
 * Extra headers a mail carries (a notification's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058), in the
 * outbox and the development mailbox. Listed by a service after `mailMigration`.
 */
export const mailHeadersMigration: Migration = {
  name: 'platform_mail_headers',
  async up(knex: Knex) {
    await knex.schema.alterTable('mail_outbox', (table) => {
      table.jsonb('headers');
    });
    await knex.schema.alterTable('dev_mailbox', (table) => {
      table.jsonb('headers');
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable('dev_mailbox', (table) => {
      table.dropColumn('headers');
    });
    await knex.schema.alterTable('mail_outbox', (table) => {
      table.dropColumn('headers');
    });
  },
};

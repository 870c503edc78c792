import type { Knex } from 'knex';

/**
 * The daily overview's claim (issue 29): one row per carrier and Danish day, inserted in the transaction that queues
 * the mail. Its unique key is what keeps a second run that day (the timer firing twice, another replica) from mailing
 * the carrier again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('alert_digests_sent', (table) => {
    table.integer('carrier_id').notNullable();
    table.date('digest_date').notNullable();
    table.integer('tasks').notNullable();
    table.timestamp('sent_at', { useTz: true }).notNullable();
    table.primary(['carrier_id', 'digest_date'], { constraintName: 'alert_digests_sent_pkey' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('alert_digests_sent');
}

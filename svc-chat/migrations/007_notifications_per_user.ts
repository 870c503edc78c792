import type { Knex } from 'knex';

/**
 * One event may notify several people of the same kind (a deletion request tells every admin), so the dedupe key
 * becomes event + kind + user: a redelivered event still never gives one person a second notification.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (table) => {
    table.dropUnique(['source_event_id', 'kind'], 'notifications_source_event_kind_unique');
    table.unique(['source_event_id', 'kind', 'user_id'], { indexName: 'notifications_source_event_kind_user_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (table) => {
    table.dropUnique(['source_event_id', 'kind', 'user_id'], 'notifications_source_event_kind_user_unique');
    table.unique(['source_event_id', 'kind'], { indexName: 'notifications_source_event_kind_unique' });
  });
}

import type { Knex } from 'knex';

/**
 * The guest follow-up (issue 13): a guest's task with a contact e-mail gets a link whose token opens the owner's
 * read-only view. Only the token's SHA-256 is kept. The partial index finds a guest's unclaimed tasks by e-mail when
 * the account with that verified e-mail appears.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('task_guest_access', (table) => {
    table.integer('task_id').primary().references('id').inTable('tasks').onDelete('CASCADE');
    table.string('token_hash', 64).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
  });
  await knex.raw('create index tasks_unclaimed_contact_email_idx on tasks (lower(contact_email)) where user_id is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists tasks_unclaimed_contact_email_idx');
  await knex.schema.dropTableIfExists('task_guest_access');
}

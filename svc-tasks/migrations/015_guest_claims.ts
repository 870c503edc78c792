import type { Knex } from 'knex';

/**
 * Issue 24 item 5: a guest's task becomes an account's only by the guest's own act. `verified_emails`: the e-mail each
 * customer has proved (identity.user.email_verified), so a claim by the link knows whether the signed-in account holds
 * the task's e-mail verified. `guest_claims`: a claim made before that (right after registering from the link), carried
 * out when the e-mail is verified.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('verified_emails', (table) => {
    table.integer('user_id').primary();
    table.text('email').notNullable();
    table.timestamp('verified_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('guest_claims', (table) => {
    table.integer('task_id').primary().references('id').inTable('tasks').onDelete('CASCADE');
    table.integer('user_id').notNullable();
    table.timestamp('requested_at', { useTz: true }).notNullable();
    table.index(['user_id'], 'guest_claims_user_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('guest_claims');
  await knex.schema.dropTableIfExists('verified_emails');
}

import type { Knex } from 'knex';

/** Issue 11: e-mail verification, password reset, two-factor, billing changes, bank details, insurance. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.timestamp('email_verified_at', { useTz: true });
    table.text('bank_reg');
    table.text('bank_account');
    // TOTP secrets, AES-256-GCM with TOTP_ENCRYPTION_KEY; the pending one waits for its first code.
    table.text('totp_secret_enc');
    table.text('totp_pending_secret_enc');
    table.timestamp('totp_enabled_at', { useTz: true });
    // The last TOTP time step accepted, so one code cannot be used twice.
    table.bigInteger('totp_last_step');
  });
  // Accounts from before verification existed count as verified.
  await knex('users').update({ email_verified_at: knex.ref('created_at') });

  await knex.schema.createTable('account_tokens', (table) => {
    table.increments('id').primary();
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.text('purpose').notNullable();
    table.text('token_hash').notNullable().unique();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true });
    table.index(['user_id', 'purpose'], 'account_tokens_user_idx');
  });
  await knex.raw(`alter table account_tokens add constraint account_tokens_purpose_check check (purpose in ('verify_email', 'reset_password'))`);

  await knex.schema.createTable('login_challenges', (table) => {
    table.increments('id').primary();
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.text('challenge_hash').notNullable().unique();
    table.text('email_code_hash');
    table.timestamp('email_code_expires_at', { useTz: true });
    table.integer('failed_attempts').notNullable().defaultTo(0);
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true });
    table.index(['expires_at'], 'login_challenges_expires_idx');
  });

  await knex.schema.createTable('recovery_codes', (table) => {
    table.increments('id').primary();
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.text('code_hash').notNullable();
    table.timestamp('used_at', { useTz: true });
    table.unique(['user_id', 'code_hash']);
  });

  await knex.schema.createTable('billing_changes', (table) => {
    table.increments('id').primary();
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.jsonb('data').notNullable();
    table.text('status').notNullable().defaultTo('pending');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('decided_at', { useTz: true });
    table.integer('decided_by');
    table.index(['status', 'created_at'], 'billing_changes_status_idx');
    table.index(['user_id', 'created_at'], 'billing_changes_user_idx');
  });
  await knex.raw(`alter table billing_changes add constraint billing_changes_status_check check (status in ('pending', 'approved', 'rejected'))`);
  // At most one pending change per carrier.
  await knex.raw(`create unique index billing_changes_one_pending_idx on billing_changes (user_id) where status = 'pending'`);

  await knex.schema.createTable('insurance_records', (table) => {
    table.increments('id').primary();
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.text('file_url').notNullable();
    table.date('expires_at');
    table.text('notes');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
    table.timestamp('expiry_reminded_at', { useTz: true });
    table.index(['user_id'], 'insurance_records_user_idx');
  });

  // An OpenID Connect login between the redirect to the provider and its callback (10 minutes, used once).
  await knex.schema.createTable('oidc_logins', (table) => {
    table.text('state_hash').primary();
    table.text('code_verifier').notNullable();
    table.text('nonce').notNullable();
    table.text('next_path').notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('oidc_logins');
  await knex.schema.dropTableIfExists('insurance_records');
  await knex.schema.dropTableIfExists('billing_changes');
  await knex.schema.dropTableIfExists('recovery_codes');
  await knex.schema.dropTableIfExists('login_challenges');
  await knex.schema.dropTableIfExists('account_tokens');
  await knex.schema.alterTable('users', (table) => {
    for (const column of ['email_verified_at', 'bank_reg', 'bank_account', 'totp_secret_enc', 'totp_pending_secret_enc', 'totp_enabled_at', 'totp_last_step']) {
      table.dropColumn(column);
    }
  });
}

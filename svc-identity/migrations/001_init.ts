import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    table.increments('id').primary();
    table.text('name').notNullable();
    table.text('email').notNullable().unique();
    table.text('password_hash').notNullable();
    table.text('role').notNullable();
    table.text('phone');
    table.text('company');
    table.text('cvr_number');
    table.text('address');
    table.text('postal_code');
    table.text('city');
    table.text('country');
    table.boolean('is_approved').notNullable().defaultTo(false);
    table.boolean('is_blocked').notNullable().defaultTo(false);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['role', 'is_approved', 'is_blocked'], 'users_role_status_idx');
    table.index(['created_at'], 'users_created_at_idx');
  });
  await knex.raw(`alter table users add constraint users_role_check check (role in ('customer', 'carrier', 'admin'))`);
  await knex.raw(`alter table users add constraint users_email_lowercase_check check (email = lower(email))`);

  await knex.schema.createTable('saved_addresses', (table) => {
    table.increments('id').primary();
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.text('name').notNullable();
    table.text('address').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id'], 'saved_addresses_user_idx');
  });

  await knex.schema.createTable('sessions', (table) => {
    table.increments('id').primary();
    // sha256 of the token, hex; the token itself is never stored.
    table.text('token_hash').notNullable().unique();
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('last_seen_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.text('user_agent');
    table.text('ip');
    table.index(['user_id'], 'sessions_user_idx');
    table.index(['expires_at'], 'sessions_expires_at_idx');
  });

  await knex.schema.createTable('login_failures', (table) => {
    table.increments('id').primary();
    table.text('email').notNullable();
    table.text('ip').notNullable();
    table.timestamp('attempted_at', { useTz: true }).notNullable();
    table.index(['email', 'ip', 'attempted_at'], 'login_failures_key_idx');
    table.index(['attempted_at'], 'login_failures_attempted_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('login_failures');
  await knex.schema.dropTableIfExists('sessions');
  await knex.schema.dropTableIfExists('saved_addresses');
  await knex.schema.dropTableIfExists('users');
}

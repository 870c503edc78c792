import type { Knex } from 'knex';

/** Danish labels of the task types, inside the search vectors (kept in step with taskTypeLabels in contracts). */
const typeLabelSql = `case type
  when 'moving' then 'Flytning'
  when 'courier' then 'Kurertransport'
  when 'package' then 'Palle og pakker pakke'
  when 'furniture' then 'Møbeltransport møbler'
  when 'fullload' then 'Fulloads fuldt læs'
  else '' end`;

/** What anyone may search: places (postal code, city), the type and the description — never the street address. */
const publicSearchSql = `to_tsvector('danish'::regconfig,
  coalesce(from_postal_code, '') || ' ' || coalesce(from_city, '') || ' ' ||
  coalesce(to_postal_code, '') || ' ' || coalesce(to_city, '') || ' ' ||
  ${typeLabelSql} || ' ' || type || ' ' || coalesce(description, ''))`;

/** What the people who see full addresses (admins, owners on their own tasks) may search: also the addresses. */
const fullSearchSql = `to_tsvector('danish'::regconfig,
  from_address || ' ' || to_address || ' ' ||
  ${typeLabelSql} || ' ' || type || ' ' || coalesce(description, ''))`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tasks', (table) => {
    table.increments('id').primary();
    // null for a guest's task
    table.integer('user_id');
    table.boolean('is_guest').notNullable().defaultTo(false);
    table.boolean('is_test').notNullable().defaultTo(false);
    table.text('type').notNullable();
    table.text('status').notNullable().defaultTo('open_for_bids');
    table.text('from_address').notNullable();
    table.text('to_address').notNullable();
    table.text('from_postal_code');
    table.text('from_city');
    table.text('to_postal_code');
    table.text('to_city');
    table.text('description').notNullable().defaultTo('');
    table.jsonb('details').notNullable().defaultTo('{}');
    table.date('preferred_pickup_date');
    table.date('preferred_delivery_date');
    // 'HH:MM'
    table.text('time_frame_start');
    table.text('time_frame_end');
    table.boolean('is_flexible').notNullable().defaultTo(false);
    table.text('contact_email');
    table.text('contact_phone');
    table.integer('assigned_carrier_id');
    // kept up to date from bids events
    table.bigInteger('lowest_bid_ore');
    table.integer('bid_count').notNullable().defaultTo(0);
    // the task's own limit; null = the type's or the platform's
    table.integer('max_bids');
    table.jsonb('images').notNullable().defaultTo('[]');
    table.timestamp('pickup_at', { useTz: true });
    table.timestamp('delivered_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table tasks add constraint tasks_type_check check (type in ('moving', 'courier', 'package', 'furniture', 'fullload'))`,
  );
  await knex.raw(
    `alter table tasks add constraint tasks_status_check check (status in ('pending_admin_review', 'created', 'open_for_bids', 'assigned', 'paid', 'picked_up', 'in_transit', 'in_progress', 'delivered', 'completed', 'cancelled'))`,
  );
  await knex.raw(`alter table tasks add constraint tasks_guest_check check (is_guest = (user_id is null))`);
  await knex.raw(`alter table tasks add constraint tasks_bid_count_check check (bid_count >= 0)`);
  await knex.raw(`alter table tasks add column search_public tsvector generated always as (${publicSearchSql}) stored`);
  await knex.raw(`alter table tasks add column search_full tsvector generated always as (${fullSearchSql}) stored`);

  await knex.raw(`create index tasks_search_public_idx on tasks using gin (search_public)`);
  await knex.raw(`create index tasks_search_full_idx on tasks using gin (search_full)`);
  await knex.raw(`create index tasks_status_type_created_idx on tasks (status, type, created_at desc, id desc)`);
  await knex.raw(`create index tasks_type_created_idx on tasks (type, created_at desc, id desc)`);
  await knex.raw(`create index tasks_created_idx on tasks (created_at desc, id desc)`);
  await knex.raw(`create index tasks_user_created_idx on tasks (user_id, created_at desc, id desc) where user_id is not null`);
  await knex.raw(
    `create index tasks_carrier_created_idx on tasks (assigned_carrier_id, created_at desc, id desc) where assigned_carrier_id is not null`,
  );
  await knex.raw(`create index tasks_lowest_bid_idx on tasks (lowest_bid_ore) where lowest_bid_ore is not null`);

  // Which carriers have bid on which task (fed by bids.bid.placed): for available=true and a carrier's "mine".
  await knex.schema.createTable('task_bidders', (table) => {
    table.integer('task_id').notNullable().references('id').inTable('tasks').onDelete('CASCADE');
    table.integer('carrier_id').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['task_id', 'carrier_id']);
    table.index(['carrier_id', 'task_id'], 'task_bidders_carrier_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('task_bidders');
  await knex.schema.dropTableIfExists('tasks');
}

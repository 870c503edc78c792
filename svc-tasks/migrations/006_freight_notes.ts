import type { Knex } from 'knex';

/**
 * The freight note of a task ('Fragtbrev', spec section 3): created on its first save (until then GET answers the
 * defaults from the task). `data` holds the party groups and the carrier group, `goods` the goods, `change_log` an
 * array of { at, by, role, fields }.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('freight_notes', (table) => {
    table.integer('task_id').primary().references('id').inTable('tasks').onDelete('CASCADE');
    table.text('status').notNullable().defaultTo('draft');
    table.jsonb('data').notNullable().defaultTo('{}');
    table.jsonb('goods').notNullable().defaultTo('{}');
    table.jsonb('change_log').notNullable().defaultTo('[]');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table freight_notes add constraint freight_notes_status_check check (status in ('draft', 'locked', 'approved', 'final', 'finalized', 'closed'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('freight_notes');
}

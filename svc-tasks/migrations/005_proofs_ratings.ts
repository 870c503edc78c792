import type { Knex } from 'knex';

/**
 * Proofs of pickup and delivery, deletion requests and ratings (spec section 3, issue #5).
 * Proof images and the signature are uploaded files referenced by their /api/files/ URL.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('task_proofs', (table) => {
    table.increments('id').primary();
    table.integer('task_id').notNullable().references('id').inTable('tasks').onDelete('CASCADE');
    table.text('type').notNullable();
    table.jsonb('image_urls').notNullable().defaultTo('[]');
    table.text('signature_image');
    table.double('lat');
    table.double('lng');
    table.double('accuracy');
    table.text('signer_name');
    table.text('note');
    table.timestamp('occurred_at', { useTz: true }).notNullable();
    table.integer('submitted_by');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['task_id']);
  });
  await knex.raw(
    `alter table task_proofs add constraint task_proofs_type_check check (type in ('initial', 'pickup', 'delivery', 'pickup_failed', 'delivery_failed'))`,
  );
  await knex.raw(`alter table task_proofs add constraint task_proofs_images_check check (jsonb_array_length(image_urls) <= 6)`);

  await knex.schema.createTable('task_deletion_requests', (table) => {
    table.increments('id').primary();
    table.integer('task_id').notNullable().references('id').inTable('tasks').onDelete('CASCADE');
    table.integer('requested_by').notNullable();
    table.text('role').notNullable();
    table.text('reason');
    table.text('status').notNullable().defaultTo('pending');
    table.integer('resolved_by');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('resolved_at', { useTz: true });
    table.index(['task_id']);
  });
  await knex.raw(`alter table task_deletion_requests add constraint task_deletion_requests_status_check check (status in ('pending', 'approved', 'rejected'))`);
  await knex.raw(`alter table task_deletion_requests add constraint task_deletion_requests_role_check check (role in ('customer', 'carrier'))`);
  // One pending request per task.
  await knex.raw(`create unique index task_deletion_requests_one_pending on task_deletion_requests (task_id) where status = 'pending'`);

  await knex.schema.createTable('ratings', (table) => {
    table.increments('id').primary();
    // No foreign key: a rating outlives its task (the home page keeps showing it).
    table.integer('task_id').notNullable();
    table.text('task_type').notNullable();
    table.integer('customer_id').notNullable();
    table.integer('carrier_id').notNullable();
    table.text('user_type').notNullable();
    table.integer('rater_id').notNullable();
    /** The rater's first name at the time of rating (the public reviews show nothing else about them). */
    table.text('rater_first_name');
    table.integer('rating').notNullable();
    table.text('comment');
    table.boolean('is_test').notNullable().defaultTo(false);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['task_id', 'user_type']);
    table.index(['carrier_id']);
    table.index(['customer_id']);
  });
  await knex.raw(`alter table ratings add constraint ratings_user_type_check check (user_type in ('customer', 'carrier'))`);
  await knex.raw(`alter table ratings add constraint ratings_rating_check check (rating between 1 and 5)`);
  await knex.raw(`alter table ratings add constraint ratings_comment_check check (comment is null or char_length(comment) <= 1000)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('ratings');
  await knex.schema.dropTableIfExists('task_deletion_requests');
  await knex.schema.dropTableIfExists('task_proofs');
}

import { createUserDirectoryTable } from '@fragtbud/platform';
import type { Knex } from 'knex';

/** svc-chat's projection of identity's users: the names threads show instead of numbers. */
export async function up(knex: Knex): Promise<void> {
  await createUserDirectoryTable(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_directory');
}

import { createUserDirectoryTable } from '@fragtbud/platform';
import type { Knex } from 'knex';

/** svc-ledger's projection of identity's users: the names the ledger shows instead of numbers. */
export async function up(knex: Knex): Promise<void> {
  await createUserDirectoryTable(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_directory');
}

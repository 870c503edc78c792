import * as init from './001_init';
import * as transactions from './002_transactions';
import * as finance from './003_finance';
import * as userDirectory from './004_user_directory';

/** In order; names are recorded in the schema's knex_migrations table and must never change. */
export const migrations = [
  { name: '001_init', up: init.up, down: init.down },
  { name: '002_transactions', up: transactions.up, down: transactions.down },
  { name: '003_finance', up: finance.up, down: finance.down },
  { name: '004_user_directory', up: userDirectory.up, down: userDirectory.down },
];

import * as init from './001_init';
import * as money from './002_money';

/** In order; names are recorded in the schema's knex_migrations table and must never change. */
export const migrations = [
  { name: '001_init', up: init.up, down: init.down },
  { name: '002_money', up: money.up, down: money.down },
];

import * as init from './001_init';

/** In order; names are recorded in the schema's knex_migrations table and must never change. */
export const migrations = [{ name: '001_init', up: init.up, down: init.down }];

import * as init from './001_init';
import * as files from './002_files';
import * as bidProjection from './003_bid_projection';
import * as taskTypes from './004_task_types';

/** In order; names are recorded in the schema's knex_migrations table and must never change. */
export const migrations = [
  { name: '001_init', up: init.up, down: init.down },
  { name: '002_files', up: files.up, down: files.down },
  { name: '003_bid_projection', up: bidProjection.up, down: bidProjection.down },
  { name: '004_task_types', up: taskTypes.up, down: taskTypes.down },
];

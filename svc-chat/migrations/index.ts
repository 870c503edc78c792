import * as notifications from './001_notifications';

/** In order; names are recorded in the schema's knex_migrations table and must never change. */
export const migrations = [{ name: '001_notifications', up: notifications.up, down: notifications.down }];

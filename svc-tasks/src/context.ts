import type { Knex } from 'knex';
import type { EventMeta, Logger, Outbox } from '@fragtbud/platform';
import type { TasksConfig } from './config';
import type { BrowseCache } from './tasks/browse-cache';

export type { EventMeta, Outbox };

/** What the feature services need, built once from the platform's deps in service.ts. */
export interface TasksContext {
  db: Knex;
  outbox: Outbox;
  logger: Logger;
  config: TasksConfig;
  browseCache: BrowseCache;
}

/** A database handle: the pool or an open transaction. */
export type Db = Knex | Knex.Transaction;

import type { Knex } from 'knex';
import type { EventMeta, Logger, Outbox } from '@fragtbud/platform';
import type { LedgerConfig } from './config';

export type { EventMeta, Outbox };

/** What the feature services need, built once from the platform's deps in service.ts. */
export interface LedgerContext {
  db: Knex;
  outbox: Outbox;
  logger: Logger;
  config: LedgerConfig;
}

/** A database handle: the pool or an open transaction. */
export type Db = Knex | Knex.Transaction;

import type { Knex } from 'knex';
import type { Logger, Outbox, ServiceClients } from '@fragtbud/platform';
import type { ChatConfig } from './config';

/** What the feature services need, built once from the platform's deps in service.ts. */
export interface ChatContext {
  db: Knex;
  logger: Logger;
  config: ChatConfig;
  outbox: Outbox;
  clients: ServiceClients;
}

/** A database handle: the pool or an open transaction. */
export type Db = Knex | Knex.Transaction;

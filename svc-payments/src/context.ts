import type { Knex } from 'knex';
import type { EventMeta, Logger, Outbox } from '@fragtbud/platform';
import type { PaymentsConfig } from './config';
import type { BidsPeer } from './peers/bids';
import type { TasksPeer } from './peers/tasks';
import type { PaymentProviders } from './providers/registry';

export type { EventMeta, Outbox };

/** What the feature services need, built once from the platform's deps in service.ts. */
export interface PaymentsContext {
  db: Knex;
  outbox: Outbox;
  logger: Logger;
  config: PaymentsConfig;
  providers: PaymentProviders;
  tasks: TasksPeer;
  bids: BidsPeer;
  /** The clock (tests move it). */
  now: () => Date;
}

/** A database handle: the pool or an open transaction. */
export type Db = Knex | Knex.Transaction;

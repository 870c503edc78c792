import type { Knex } from 'knex';
import type { EventMeta, Logger, Outbox } from '@fragtbud/platform';
import type { BidRow } from './bids/repo';
import type { QueuedBid } from './bids/service';
import type { SlotTurns } from './bids/slot-turns';
import type { BidsConfig } from './config';
import type { LedgerPeer } from './peers/ledger';
import type { TasksPeer } from './peers/tasks';

export type { EventMeta, Outbox };

/** What the feature services need, built once from the platform's deps in service.ts. */
export interface BidsContext {
  db: Knex;
  outbox: Outbox;
  logger: Logger;
  config: BidsConfig;
  ledger: LedgerPeer;
  tasks: TasksPeer;
  /** This process's bids on one task, placed together one slot turn (transaction) at a time. */
  slotTurns: SlotTurns<QueuedBid, BidRow>;
  /** The clock (tests move it). */
  now: () => Date;
}

/** A database handle: the pool or an open transaction. */
export type Db = Knex | Knex.Transaction;

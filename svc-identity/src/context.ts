import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { IdentityConfig } from './config';

/** The time as the service sees it; tests move it forward to age sessions and login failures. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** Carried into every event so a chain of effects can be followed from the request that began it. */
export interface EventMeta {
  correlationId: string;
  causationId?: string;
}

export interface Outbox {
  add(trx: Knex.Transaction, type: string, data: unknown, meta: EventMeta): Promise<unknown>;
}

/** What the feature services need, built once from the platform's deps in service.ts. */
export interface IdentityContext {
  db: Knex;
  outbox: Outbox;
  logger: Logger;
  config: IdentityConfig;
  clock: Clock;
}

/** A database handle: the pool or an open transaction. */
export type Db = Knex | Knex.Transaction;

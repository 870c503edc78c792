import type { CompanyLookup } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import type { EventMeta, Logger, Mailer, Outbox } from '@fragtbud/platform';
import type { IdentityConfig } from './config';
import type { TasksPeer } from './peers/tasks';

export type { EventMeta, Outbox };

/** The time as the service sees it; tests move it forward to age sessions and login failures. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** What the feature services need, built once from the platform's deps in service.ts. */
export interface IdentityContext {
  db: Knex;
  outbox: Outbox;
  logger: Logger;
  config: IdentityConfig;
  clock: Clock;
  /** Queues e-mail in the caller's transaction (the mail outbox); see libs/platform mail. */
  mailer: Mailer;
  /** The company behind a CVR number (the configured register, cached); 404 AppError when there is none. */
  cvrLookup: (cvr: string) => Promise<CompanyLookup>;
  /** svc-tasks, which stores uploaded files (insurance documents) and knows whose tasks are under way. */
  tasks: TasksPeer;
}

/** A database handle: the pool or an open transaction. */
export type Db = Knex | Knex.Transaction;

import type Router from '@koa/router';
import type { Knex } from 'knex';
import type { BaseConfig } from './config';
import type { ConsumerDefinition } from './consumer';
import type { Database } from './database';
import type { EventBus } from './event-bus';
import type { Logger } from './logger';
import type { Migration } from './migrate';
import type { Outbox } from './outbox';
import type { ServiceClients } from './service-clients';

export interface ServiceDeps<C extends BaseConfig = BaseConfig> {
  /** The service's knex, scoped to its schema. Inside a transaction use its `trx` instead. */
  db: Knex;
  database: Database;
  outbox: Outbox;
  bus: EventBus;
  logger: Logger;
  config: C;
  clients: ServiceClients;
}

export interface ServiceDefinition<C extends BaseConfig = BaseConfig> {
  /** Lower-case; also the default database schema and the prefix of the service's bus durables. */
  name: string;
  migrations?: readonly Migration[];
  routes?: (deps: ServiceDeps<C>) => Router[];
  consumers?: (deps: ServiceDeps<C>) => ConsumerDefinition[];
  /** After migrations, before the service takes requests (seeding). */
  onStart?: (deps: ServiceDeps<C>) => Promise<void>;
  /** When the service closes, after its consumers and outbox relay stopped (background workers started in onStart). */
  onStop?: (deps: ServiceDeps<C>) => Promise<void>;
}

export function defineService<C extends BaseConfig = BaseConfig>(definition: ServiceDefinition<C>): ServiceDefinition<C> {
  return definition;
}

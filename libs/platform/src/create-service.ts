import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { internalAuth } from './auth-context';
import { defaultBodyLimit, jsonBodyParser } from './body-parser';
import type { BaseConfig } from './config';
import { createEventBus } from './create-event-bus';
import { createDatabase, type Database } from './database';
import { errorHandler } from './error-handler';
import type { BusStatus, EventBus, Subscription } from './event-bus';
import { operationalEndpoints, probePaths, publicPaths } from './health';
import { handleOnce } from './inbox';
import { createLogger, type Logger } from './logger';
import { createMetrics } from './metrics';
import { migrate } from './migrate';
import { createOutbox } from './outbox';
import { createOutboxRelay } from './outbox-relay';
import { closeServerGracefully } from './process-lifecycle';
import { requestContext } from './request-context';
import { createHandledEvents, outsideRequest, readYourWrites, type HandledEvents } from './read-your-writes';
import type { ConsumerDefinition } from './consumer';
import type { ServiceClient } from './service-client';
import { serviceClients } from './service-clients';
import type { ServiceDefinition, ServiceDeps } from './service-definition';
import './koa-types';

export interface CreateServiceOptions<C extends BaseConfig> {
  config: C;
  /** Given → shared, and closed by its owner; absent → created from config and closed with the service. */
  database?: Database;
  bus?: EventBus;
  logger?: Logger;
  /** Largest JSON body accepted, in bytes (1 MB by default). */
  bodyLimit?: number;
  /** Clients to use instead of ones built from `<NAME>_URL` config keys (tests, embedded wiring). */
  clients?: Record<string, ServiceClient>;
}

export interface RunningService<C extends BaseConfig = BaseConfig> {
  name: string;
  app: Koa;
  deps: ServiceDeps<C>;
  listen(port?: number): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

/** Builds a service: database + migrations, bus, outbox relay, consumers and the Koa app with the platform middleware. */
export async function createService<C extends BaseConfig>(
  definition: ServiceDefinition<C>,
  options: CreateServiceOptions<C>,
): Promise<RunningService<C>> {
  const { config } = options;
  const logger = options.logger ?? createLogger({ name: definition.name, level: config.LOG_LEVEL });
  // What this call started, closed in reverse order: consumers, relay, then bus and database if they are ours.
  const owned: Array<() => Promise<void>> = [];
  const closeOwned = () => runInReverse(owned);

  try {
    const database = options.database ?? (await createOwnDatabase(definition.name, config, logger, owned));
    const bus = options.bus ?? (await createOwnBus(definition.name, config, logger, owned));
    // SKIP_MIGRATIONS: a migrations Job (MIGRATE_ONLY) ran them before this rollout; replicas never race for the lock.
    if (!config.SKIP_MIGRATIONS) await migrate(database, definition.migrations ?? []);

    const relay = createOutboxRelay({ db: database.knex, bus, logger, producer: definition.name });
    // The relay's loop is the service's, not the request's whose commit woke it first.
    const outbox = createOutbox({ onCommitted: () => outsideRequest(relay.nudge) });
    const clients = serviceClients(config, definition.name, options.clients);
    const deps: ServiceDeps<C> = { db: database.knex, database, outbox, bus, logger, config, clients };

    await definition.onStart?.(deps);
    const { onStop } = definition;
    if (onStop) owned.push(() => onStop(deps));
    const consumers = definition.consumers?.(deps) ?? [];
    const handled = createHandledEvents();
    const app = buildApp(definition, deps, options.bodyLimit ?? defaultBodyLimit, consumers, handled);
    relay.start();
    owned.push(() => relay.stop());
    const subscriptions: Subscription[] = [];
    owned.push(() => closeAll(subscriptions));
    await startConsumers(definition.name, consumers, deps, subscriptions, handled);
    return running(definition.name, app, deps, closeOwned);
  } catch (error) {
    await closeOwned();
    throw error;
  }
}

/** MIGRATE_ONLY: the service's database gets its migrations, then is closed; nothing listens, no bus is opened. */
export async function migrateService<C extends BaseConfig>(definition: ServiceDefinition<C>, config: C, logger: Logger): Promise<string[]> {
  const owned: Array<() => Promise<void>> = [];
  try {
    const database = await createOwnDatabase(definition.name, config, logger, owned);
    return await migrate(database, definition.migrations ?? []);
  } finally {
    await runInReverse(owned);
  }
}

async function createOwnDatabase(name: string, config: BaseConfig, logger: Logger, owned: Array<() => Promise<void>>) {
  const database = await createDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.PGLITE_DIR,
    schema: config.DATABASE_SCHEMA ?? name,
    logger,
  });
  owned.push(() => database.close());
  return database;
}

async function createOwnBus(name: string, config: BaseConfig, logger: Logger, owned: Array<() => Promise<void>>) {
  const bus = await createEventBus({
    natsUrl: config.NATS_URL,
    namespace: config.BUS_NAMESPACE,
    name,
    logger,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    ...(config.NATS_STREAM_MAX_AGE_DAYS ? { streamMaxAgeMs: config.NATS_STREAM_MAX_AGE_DAYS * 86_400_000 } : {}),
  });
  owned.push(() => bus.close());
  return bus;
}

function buildApp<C extends BaseConfig>(
  definition: ServiceDefinition<C>,
  deps: ServiceDeps<C>,
  bodyLimit: number,
  consumers: ConsumerDefinition[],
  handled: HandledEvents,
): Koa {
  const app = new Koa();
  const busStatus = ownBusStatus(definition.name, deps.bus);
  const metrics = createMetrics(definition.name, busStatus);
  app.on('error', (error: unknown) => deps.logger.error({ err: error }, 'koa error'));
  app.use(requestContext(deps.logger));
  app.use(metrics.middleware);
  app.use(errorHandler(deps.logger));
  app.use(internalAuth(deps.config.INTERNAL_TOKEN_SECRET, publicPaths, probePaths));
  app.use(operationalEndpoints({ db: deps.db, busStatus, registry: metrics.registry }));
  app.use(
    readYourWrites({
      db: deps.db,
      // Only the consumers whose work the writer reads make the writer's next requests wait.
      consumers: consumers
        .filter((consumer) => consumer.writerReads !== false)
        .map((consumer) => ({ durable: durableOf(definition.name, consumer), subjects: consumer.subjects })),
      handled,
    }),
  );
  app.use(jsonBodyParser(bodyLimit));
  for (const router of definition.routes?.(deps) ?? []) app.use(router.routes());
  return app;
}

/** A bus may be shared by several services (embedded): each reports its own consumers (`<service>-<durable>`). */
function ownBusStatus(name: string, bus: EventBus): () => BusStatus {
  return () => {
    const { connected, consumers } = bus.status();
    return { connected, consumers: consumers.filter((consumer) => consumer.durable.startsWith(`${name}-`)) };
  };
}

/** Each consumer handles an event inside a transaction that first records it in the inbox. */
const durableOf = (service: string, consumer: ConsumerDefinition) => `${service}-${consumer.durable}`;

async function startConsumers<C extends BaseConfig>(
  service: string,
  consumers: ConsumerDefinition[],
  deps: ServiceDeps<C>,
  subscriptions: Subscription[],
  handledEvents: HandledEvents,
): Promise<void> {
  const durables = consumers.map((consumer) => durableOf(service, consumer));
  if (new Set(durables).size !== durables.length) throw new Error(`Duplicate consumer durable in ${service}`);
  for (const [index, consumer] of consumers.entries()) {
    const durable = durables[index] as string;
    const log = deps.logger.child({ durable });
    const subscription = await deps.bus.subscribe({
      durable,
      subjects: consumer.subjects,
      handler: async (event) => {
        const handled = await handleOnce(deps.db, durable, event, consumer.handle);
        handledEvents.noteHandled(durable, event.id);
        log.debug({ eventId: event.id, type: event.type, correlationId: event.correlationId, handled }, 'event consumed');
      },
    });
    subscriptions.push(subscription);
  }
}

async function closeAll(subscriptions: Subscription[]): Promise<void> {
  await Promise.all(subscriptions.map((subscription) => subscription.close()));
}

function running<C extends BaseConfig>(
  name: string,
  app: Koa,
  deps: ServiceDeps<C>,
  closeOwned: () => Promise<void>,
): RunningService<C> {
  let server: Server | undefined;
  let closing: Promise<void> | undefined;

  return {
    name,
    app,
    deps,
    async listen(port = deps.config.PORT) {
      server = createServer(app.callback());
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, deps.config.HOST, () => resolve());
      });
      const actualPort = (listening.address() as AddressInfo).port;
      deps.logger.info({ port: actualPort, host: deps.config.HOST }, `${name} listening`);
      return { port: actualPort, url: `http://${hostForUrl(deps.config.HOST)}:${actualPort}` };
    },
    close() {
      closing ??= (async () => {
        if (server) await closeServerGracefully(server);
        await closeOwned();
      })();
      return closing;
    },
  };
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

async function runInReverse(steps: Array<() => Promise<void>>): Promise<void> {
  for (const step of [...steps].reverse()) await step();
}

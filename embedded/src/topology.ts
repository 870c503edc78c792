import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  createDatabase,
  createEventBus,
  createService,
  openPglite,
  type BaseConfig,
  type Database,
  type EventBus,
  type Logger,
  type ServiceDefinition,
} from '@fragtbud/platform';
import { createGateway, loadGatewayConfig, type RunningGateway } from '@fragtbud/gateway';
import { identityService, loadIdentityConfig } from '@fragtbud/svc-identity';
import { tasksService, loadTasksConfig } from '@fragtbud/svc-tasks';
import { bidsService, loadBidsConfig } from '@fragtbud/svc-bids';
import { paymentsService, loadPaymentsConfig } from '@fragtbud/svc-payments';
import { chatService, loadChatConfig } from '@fragtbud/svc-chat';
import { ledgerService, loadLedgerConfig } from '@fragtbud/svc-ledger';

type Env = Record<string, string | undefined>;

export interface EmbeddedService {
  name: string;
  url: string;
  close(): Promise<void>;
}

interface ServiceEntry {
  name: string;
  urlKey: string;
  start(env: Env, database: Database, bus: EventBus, logger: Logger): Promise<EmbeddedService>;
}

function entry<C extends BaseConfig>(
  definition: ServiceDefinition<C>,
  loadConfig: (env: Env) => C,
  urlKey: string,
): ServiceEntry {
  return {
    name: definition.name,
    urlKey,
    async start(env, database, bus, logger) {
      const service = await createService(definition, { config: loadConfig(env), database, bus, logger });
      const { url } = await service.listen();
      let closed: Promise<void> | undefined;
      return { name: definition.name, url, close: () => (closed ??= service.close()) };
    },
  };
}

/**
 * The six services in the order they start: each one is given the addresses of those before it, so a service
 * comes after the ones it calls (bids asks ledger for quotes and tasks for tasks; payments asks tasks and bids).
 */
const services: ServiceEntry[] = [
  entry(identityService, loadIdentityConfig, 'IDENTITY_URL'),
  entry(ledgerService, loadLedgerConfig, 'LEDGER_URL'),
  entry(tasksService, loadTasksConfig, 'TASKS_URL'),
  entry(bidsService, loadBidsConfig, 'BIDS_URL'),
  entry(paymentsService, loadPaymentsConfig, 'PAYMENTS_URL'),
  entry(chatService, loadChatConfig, 'CHAT_URL'),
];

export interface EmbeddedTopology {
  url: string;
  gateway: RunningGateway;
  services: EmbeddedService[];
  bus: EventBus;
  close(): Promise<void>;
}

/**
 * Everything in one process: one PGlite (a schema per service), one in-process bus, the six services on loopback
 * ports the OS picks, and the gateway in front on PORT. The services run the same code as in their own processes.
 */
export async function startEmbedded(options: { env: Env; dataDir: string; logger: Logger }): Promise<EmbeddedTopology> {
  const { env, logger } = options;
  const pgliteDir = options.dataDir === 'memory' ? 'memory' : path.join(options.dataDir, 'pglite');
  if (pgliteDir !== 'memory') mkdirSync(pgliteDir, { recursive: true });
  const pglite = await openPglite(pgliteDir);
  const bus = await createEventBus({ logger });
  const running: EmbeddedService[] = [];
  const databases: Database[] = [];
  const urls: Env = {};
  try {
    for (const { name, urlKey, start } of services) {
      const serviceEnv = { ...env, ...urls, PORT: '0', DATABASE_URL: undefined, NATS_URL: undefined };
      const database = await createDatabase({ pglite, schema: name, logger });
      databases.push(database);
      const service = await start(serviceEnv, database, bus, logger.child({ service: name }));
      running.push(service);
      urls[urlKey] = service.url;
    }
    const gateway = createGateway({
      config: loadGatewayConfig({ ...env, ...urls }),
      logger: logger.child({ service: 'gateway' }),
    });
    const { url } = await gateway.listen();
    return {
      url,
      gateway,
      services: running,
      bus,
      async close() {
        await gateway.close();
        for (const service of [...running].reverse()) await service.close();
        for (const database of databases) await database.close();
        await bus.close();
        await pglite.close();
      },
    };
  } catch (error) {
    for (const service of [...running].reverse()) await service.close().catch(() => undefined);
    for (const database of databases) await database.close().catch(() => undefined);
    await bus.close().catch(() => undefined);
    await pglite.close().catch(() => undefined);
    throw error;
  }
}

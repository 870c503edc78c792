import { existsSync, mkdirSync } from 'node:fs';
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
import { createGateway, loadGatewayConfig, type InProcessService, type RunningGateway } from '@fragtbud/gateway';
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
  /** Its Koa app and whether it still answers: the gateway hands it API calls without the loopback socket. */
  inProcess: InProcessService;
  close(): Promise<void>;
}

export interface ServiceEntry {
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
      return {
        name: definition.name,
        url,
        inProcess: { app: service.app, isOpen: () => closed === undefined },
        close: () => (closed ??= service.close()),
      };
    },
  };
}

/**
 * The six services in the order they start: each one is given the addresses of those before it, so a service
 * comes after the ones it calls (identity asks tasks who uploaded a file; bids asks ledger for quotes and tasks for
 * tasks; payments asks tasks and bids; chat asks tasks). No service calls identity (only the gateway does), and its
 * events reach every consumer whenever either side starts (the bus keeps them for durables that subscribe later).
 */
export const serviceEntries: ServiceEntry[] = [
  entry(ledgerService, loadLedgerConfig, 'LEDGER_URL'),
  entry(tasksService, loadTasksConfig, 'TASKS_URL'),
  entry(identityService, loadIdentityConfig, 'IDENTITY_URL'),
  entry(bidsService, loadBidsConfig, 'BIDS_URL'),
  entry(paymentsService, loadPaymentsConfig, 'PAYMENTS_URL'),
  entry(chatService, loadChatConfig, 'CHAT_URL'),
];

/** The six service definitions (their names are their schemas), for the PGlite template the build prepares. */
export const embeddedServices: ServiceDefinition<BaseConfig>[] = [identityService, ledgerService, tasksService, bidsService, paymentsService, chatService] as ServiceDefinition<BaseConfig>[];

/** Written by `npm run build` (scripts/build.ts): a data directory with every schema migrated. */
export const pgliteTemplatePath = path.resolve(import.meta.dirname, '..', 'dist', 'pglite-template');

export interface EmbeddedTopology {
  url: string;
  gateway: RunningGateway;
  services: EmbeddedService[];
  bus: EventBus;
  /** The gateway's environment (the services' addresses): enough to start another gateway in front of them. */
  gatewayEnv: Env;
  close(): Promise<void>;
}

/**
 * Everything in one process: one PGlite (a schema per service), one in-process bus, the six services on loopback
 * ports the OS picks, and the gateway in front on PORT. The services run the same code as in their own processes.
 */
export async function startEmbedded(options: { env: Env; dataDir: string; logger: Logger; bus?: EventBus }): Promise<EmbeddedTopology> {
  const { env, logger } = options;
  const pgliteDir = options.dataDir === 'memory' ? 'memory' : path.join(options.dataDir, 'pglite');
  if (pgliteDir !== 'memory') mkdirSync(pgliteDir, { recursive: true });
  // A new data directory starts from the build's template when there is one (an old template is fine: the
  // migrations it lacks run at start).
  const pglite = await openPglite(pgliteDir, existsSync(pgliteTemplatePath) ? { template: pgliteTemplatePath } : {});
  // Tests may hand in a NATS bus (several gateways on one NATS); the caller closes a bus it gave.
  const bus = options.bus ?? (await createEventBus({ logger }));
  const closeBus = () => (options.bus ? Promise.resolve() : bus.close());
  const running: EmbeddedService[] = [];
  const databases: Database[] = [];
  const urls: Env = {};
  // Links in mails and the card flow's return address lead to where this process answers: on another PORT than
  // 8080, that port (PUBLIC_ORIGIN, when set, says otherwise, e.g. behind a proxy).
  const port = Number(env.PORT);
  if (!env.PUBLIC_ORIGIN && Number.isInteger(port) && port > 0) urls.PUBLIC_ORIGIN = `http://localhost:${port}`;
  try {
    for (const { name, urlKey, start } of serviceEntries) {
      const serviceEnv = { ...env, ...urls, PORT: '0', DATABASE_URL: undefined, NATS_URL: undefined };
      const database = await createDatabase({ pglite, schema: name, logger });
      databases.push(database);
      const service = await start(serviceEnv, database, bus, logger.child({ service: name }));
      running.push(service);
      urls[urlKey] = service.url;
    }
    const gatewayEnv = { ...env, ...urls };
    const gateway = createGateway({
      config: loadGatewayConfig(gatewayEnv),
      logger: logger.child({ service: 'gateway' }),
      bus,
      inProcess: Object.fromEntries(running.map((service) => [service.name, service.inProcess])),
    });
    const { url } = await gateway.listen();
    return {
      url,
      gateway,
      services: running,
      bus,
      gatewayEnv,
      async close() {
        await gateway.close();
        for (const service of [...running].reverse()) await service.close();
        for (const database of databases) await database.close();
        await closeBus();
        await pglite.close();
      },
    };
  } catch (error) {
    for (const service of [...running].reverse()) await service.close().catch(() => undefined);
    for (const database of databases) await database.close().catch(() => undefined);
    await closeBus().catch(() => undefined);
    await pglite.close().catch(() => undefined);
    throw error;
  }
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  createDatabase,
  createEventBus,
  createService,
  openPglite,
  type EventBus,
  type Logger,
  type RunningService,
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

/** The six services in the order they start; identity first, since the gateway asks it about sessions. */
const services: Array<{ definition: ServiceDefinition; loadConfig: (env: Env) => object; urlKey: string }> = [
  { definition: identityService, loadConfig: loadIdentityConfig, urlKey: 'IDENTITY_URL' },
  { definition: tasksService, loadConfig: loadTasksConfig, urlKey: 'TASKS_URL' },
  { definition: bidsService, loadConfig: loadBidsConfig, urlKey: 'BIDS_URL' },
  { definition: paymentsService, loadConfig: loadPaymentsConfig, urlKey: 'PAYMENTS_URL' },
  { definition: chatService, loadConfig: loadChatConfig, urlKey: 'CHAT_URL' },
  { definition: ledgerService, loadConfig: loadLedgerConfig, urlKey: 'LEDGER_URL' },
];

export interface EmbeddedTopology {
  url: string;
  gateway: RunningGateway;
  services: RunningService[];
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
  const bus = createEventBus({ logger });
  const running: RunningService[] = [];
  const urls: Env = {};
  try {
    for (const { definition, loadConfig, urlKey } of services) {
      const serviceEnv = { ...env, PORT: '0', DATABASE_URL: undefined, NATS_URL: undefined };
      const config = loadConfig(serviceEnv);
      const database = await createDatabase({ pglite, schema: definition.name, logger });
      const service = await createService(definition, {
        config,
        database,
        bus,
        logger: logger.child({ service: definition.name }),
      });
      running.push(service);
      urls[urlKey] = (await service.listen()).url;
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
        for (const service of running.reverse()) await service.close();
        await bus.close();
        await pglite.close();
      },
    };
  } catch (error) {
    for (const service of running.reverse()) await service.close().catch(() => undefined);
    await bus.close().catch(() => undefined);
    await pglite.close().catch(() => undefined);
    throw error;
  }
}

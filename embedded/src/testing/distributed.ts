/**
 * The distributed topology for the API suites, in the test's process: each service with its own PostgreSQL schema,
 * its own NATS connection (one test namespace) and its own HTTP server; the gateway in front reaches them over HTTP
 * (no in-process hand-over) and tails live events over NATS — what `npm run start:services` runs, minus the processes.
 * Needs TEST_DATABASE_URL and NATS_URL (CI's PostgreSQL + NATS pass).
 */
import { createGateway, loadGatewayConfig } from '@fragtbud/gateway';
import { createEventBus, createLogger, createTestInfra, type EventBus } from '@fragtbud/platform';
import { serviceEntries, type EmbeddedService, type EmbeddedTopology } from '../topology';

type Env = Record<string, string | undefined>;

export const distributedAvailable = Boolean(process.env.TEST_DATABASE_URL && process.env.NATS_URL);

export async function startDistributed(env: Env): Promise<EmbeddedTopology> {
  if (!distributedAvailable) throw new Error('the distributed topology needs TEST_DATABASE_URL and NATS_URL');
  const logger = createLogger({ name: 'distributed', level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const infra = await createTestInfra('gateway');
  const buses: EventBus[] = [];
  const running: EmbeddedService[] = [];
  const urls: Env = {};
  const newBus = async (name: string) => {
    const bus = await createEventBus({ natsUrl: process.env.NATS_URL, namespace: infra.namespace, name, logger });
    buses.push(bus);
    return bus;
  };
  const closeAll = async () => {
    for (const service of [...running].reverse()) await service.close().catch(() => undefined);
    for (const bus of buses) await bus.close().catch(() => undefined);
    await infra.close();
  };
  try {
    for (const { name, urlKey, start } of serviceEntries) {
      const database = await infra.addDatabase(name);
      const serviceEnv = { ...env, ...urls, PORT: '0', DATABASE_URL: undefined, NATS_URL: undefined };
      const service = await start(serviceEnv, database, await newBus(name), logger.child({ service: name }));
      running.push(service);
      urls[urlKey] = service.url;
    }
    const gatewayEnv = { ...env, ...urls };
    const gatewayBus = await newBus('gateway');
    const gateway = createGateway({ config: loadGatewayConfig(gatewayEnv), logger: logger.child({ service: 'gateway' }), bus: gatewayBus });
    const { url } = await gateway.listen();
    return {
      url,
      gateway,
      services: running,
      bus: gatewayBus,
      gatewayEnv,
      async close() {
        await gateway.close();
        await closeAll();
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

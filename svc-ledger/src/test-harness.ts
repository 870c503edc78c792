/**
 * Starts the real svc-ledger in-process on port 0 over createTestInfra() (PGlite + in-process bus, or
 * PostgreSQL + NATS when TEST_DATABASE_URL / NATS_URL are set) and talks to it over HTTP the way the gateway
 * does — a signed internal token on every request — or the way another service does (a token naming it).
 */
import { randomBytes } from 'node:crypto';
import {
  createService,
  createTestClient,
  createTestInfra,
  waitFor,
  type EventEnvelope,
  type RunningService,
  type TestCallOptions,
  type TestClient,
  type TestInfra,
  testCaller,
} from '@fragtbud/platform';
import type { Knex } from 'knex';
import { loadLedgerConfig, type LedgerConfig } from './config';
import { ledgerService } from './service';

export type CallOptions = TestCallOptions;

export interface StartedLedger {
  url: string;
  config: LedgerConfig;
  infra: TestInfra;
  db: Knex;
  /** Every ledger.* event seen on the bus, in arrival order. */
  published: EventEnvelope[];
  call: TestClient['call'];
  close(): Promise<void>;
}

export async function startLedger(): Promise<StartedLedger> {
  const infra = await createTestInfra('ledger');
  const published: EventEnvelope[] = [];
  let running: RunningService<LedgerConfig> | undefined;
  try {
    await infra.bus.subscribe({
      durable: `observer-${randomBytes(4).toString('hex')}`,
      subjects: ['ledger.>'],
      handler: async (event) => {
        published.push(event);
      },
    });
    const config = loadLedgerConfig({ ...infra.env, INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex') });
    running = await createService(ledgerService, { config, database: infra.database, bus: infra.bus, logger: infra.logger });
  } catch (error) {
    await infra.close();
    throw error;
  }
  const service = running;
  const { config } = service.deps;
  const { url } = await service.listen(0);
  const { call } = createTestClient({ url, secret: config.INTERNAL_TOKEN_SECRET });

  return {
    url,
    config,
    infra,
    db: infra.database.knex,
    published,
    call,
    close: async () => {
      await service.close();
      await infra.close();
    },
  };
}


/** A caller as the gateway would vouch for it; each call is a new user. */
export const user = testCaller;

/** The event of that type matching `where`, once it has come through the bus. */
export async function publishedEvent(
  ledger: StartedLedger,
  type: string,
  where: (data: Record<string, unknown>) => boolean = () => true,
): Promise<EventEnvelope<Record<string, unknown>>> {
  return waitFor(() => {
    const event = ledger.published.find((e) => e.type === type && where(e.data as Record<string, unknown>));
    if (!event) throw new Error(`${type} not published`);
    return event as EventEnvelope<Record<string, unknown>>;
  });
}

/**
 * Starts the real svc-ledger in-process on port 0 over createTestInfra() (PGlite + in-process bus, or
 * PostgreSQL + NATS when TEST_DATABASE_URL / NATS_URL are set) and talks to it over HTTP the way the gateway
 * does — a signed internal token on every request — or the way another service does (a token naming it).
 */
import { randomBytes } from 'node:crypto';
import type { AuthUser, Role } from '@fragtbud/contracts';
import {
  createService,
  createTestInfra,
  signInternalToken,
  waitFor,
  type EventEnvelope,
  type RunningService,
  type TestInfra,
} from '@fragtbud/platform';
import type { Knex } from 'knex';
import { loadLedgerConfig, type LedgerConfig } from './config';
import { ledgerService } from './service';

// Replies are checked by the tests' assertions (and contract schemas where it matters), not by the compiler.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Reply<B = any> {
  status: number;
  body: B;
  headers: Headers;
}

export interface CallOptions {
  /** JSON body, serialised. */
  body?: unknown;
  /** Sent as is, with content-type application/json. */
  raw?: string;
  /** The user the gateway's token vouches for; null or absent = anonymous. */
  as?: AuthUser | null;
  /** Call as that service would (createServiceClient's token: no user, `service` set). */
  service?: string;
  /** Leave the internal token out. */
  withoutInternalToken?: boolean;
  /** Sent last, over what the harness sets. */
  headers?: Record<string, string>;
}

export interface StartedLedger {
  url: string;
  config: LedgerConfig;
  infra: TestInfra;
  db: Knex;
  /** Every ledger.* event seen on the bus, in arrival order. */
  published: EventEnvelope[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call<B = any>(method: string, path: string, options?: CallOptions): Promise<Reply<B>>;
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

  async function call<B>(method: string, path: string, options: CallOptions = {}): Promise<Reply<B>> {
    const headers: Record<string, string> = {};
    if (!options.withoutInternalToken) {
      headers['x-internal-token'] = await signInternalToken({
        secret: config.INTERNAL_TOKEN_SECRET,
        user: options.service ? null : (options.as ?? null),
        ...(options.service ? { service: options.service } : {}),
      });
    }
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, body: parsed as B, headers: response.headers };
  }

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

let nextUserId = 1_000;

/** A caller as the gateway would vouch for it; each call is a new user. */
export function user(role: Role, overrides: Partial<AuthUser> = {}): AuthUser {
  nextUserId += 1;
  return {
    id: nextUserId,
    role,
    approved: role !== 'carrier' || overrides.approved !== false,
    blocked: false,
    name: `Test ${role} ${nextUserId}`,
    email: `${role}.${nextUserId}@example.dk`,
    ...overrides,
  };
}

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

/**
 * Starts the real svc-identity in-process on port 0 over createTestInfra() (PGlite + in-process bus, or
 * PostgreSQL + NATS when TEST_DATABASE_URL / NATS_URL are set) and talks to it over HTTP the way the gateway
 * does: a signed internal token on every request, the session resolved through /internal/sessions/resolve.
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
import { loadIdentityConfig, type IdentityConfig } from './config';
import { createIdentityService } from './service';

export class TestClock {
  private current = new Date();
  readonly now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const minutes = (count: number) => count * 60_000;
export const days = (count: number) => count * 24 * 60 * 60_000;

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
  /** Sent as is, with content-type application/json unless headers say otherwise. */
  raw?: string;
  /** The caller the internal token vouches for; null or absent = anonymous. */
  as?: AuthUser | null;
  /** The browser's session token; resolved first, like the gateway, and forwarded as Bearer. */
  session?: string;
  headers?: Record<string, string>;
  /** Leave the internal token out. */
  withoutInternalToken?: boolean;
}

export interface StartedIdentity {
  url: string;
  config: IdentityConfig;
  clock: TestClock;
  infra: TestInfra;
  db: Knex;
  /** Every identity.* event seen on the bus, in arrival order. */
  published: EventEnvelope[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call<B = any>(method: string, path: string, options?: CallOptions): Promise<Reply<B>>;
  /** Stops the service only (the infra stays for a restart). */
  stop(): Promise<void>;
  /** A new service over the same database and bus, e.g. to see seeding run twice. */
  restart(env?: Record<string, string>): Promise<StartedIdentity>;
  close(): Promise<void>;
}

export async function startIdentity(
  env: Record<string, string> = {},
  shared?: { infra: TestInfra; clock: TestClock; published: EventEnvelope[] },
): Promise<StartedIdentity> {
  const infra = shared?.infra ?? (await createTestInfra('identity'));
  const clock = shared?.clock ?? new TestClock();
  const published = shared?.published ?? [];
  if (!shared) {
    await infra.bus.subscribe({
      durable: `observer-${randomBytes(4).toString('hex')}`,
      subjects: ['identity.>'],
      handler: async (event) => {
        published.push(event);
      },
    });
  }
  const config = loadIdentityConfig({
    ...infra.env,
    INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'),
    ...env,
  });
  let running: RunningService<IdentityConfig> | undefined;
  try {
    running = await createService(createIdentityService({ clock: clock.now }), {
      config,
      database: infra.database,
      bus: infra.bus,
      logger: infra.logger,
    });
  } catch (error) {
    if (!shared) await infra.close();
    throw error;
  }
  const service = running;
  const { url } = await service.listen(0);

  async function internalToken(as: AuthUser | null): Promise<string> {
    return signInternalToken({ secret: config.INTERNAL_TOKEN_SECRET, user: as });
  }

  async function resolve(session: string): Promise<AuthUser | null> {
    const reply = await call<{ user: AuthUser }>('POST', '/internal/sessions/resolve', { body: { token: session } });
    return reply.status === 200 ? reply.body.user : null;
  }

  async function call<B>(method: string, path: string, options: CallOptions = {}): Promise<Reply<B>> {
    const headers: Record<string, string> = {};
    let as = options.as ?? null;
    if (options.session !== undefined) {
      as = await resolve(options.session);
      headers.authorization = `Bearer ${options.session}`;
    }
    if (!options.withoutInternalToken) headers['x-internal-token'] = await internalToken(as);
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

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await service.close();
  };

  return {
    url,
    config,
    clock,
    infra,
    db: infra.database.knex,
    published,
    call,
    stop,
    restart: async (restartEnv = env) => {
      await stop();
      return startIdentity(restartEnv, { infra, clock, published });
    },
    close: async () => {
      await stop();
      if (!shared) await infra.close();
    },
  };
}

let emailCounter = 0;

/** A unique e-mail per call, so tests never share users by accident. */
export function uniqueEmail(prefix = 'bruger'): string {
  emailCounter += 1;
  return `${prefix}.${Date.now().toString(36)}.${emailCounter}@example.dk`;
}

export interface Registered {
  user: { id: number; email: string; role: Role; is_approved: boolean; is_blocked: boolean; name: string };
  token: string;
  password: string;
}

export async function registerUser(
  identity: StartedIdentity,
  overrides: Partial<{ name: string; email: string; password: string; role: 'customer' | 'carrier'; company: string }> = {},
): Promise<Registered> {
  const body = {
    name: 'Test Bruger',
    email: uniqueEmail(overrides.role ?? 'customer'),
    password: 'hemmelig1',
    role: 'customer' as const,
    ...overrides,
  };
  const reply = await identity.call('POST', '/auth/register', { body });
  if (reply.status !== 201) throw new Error(`register answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return { user: reply.body.user, token: reply.body.token, password: body.password };
}

export async function login(identity: StartedIdentity, email: string, password: string): Promise<string> {
  const reply = await identity.call('POST', '/auth/login', { body: { email, password } });
  if (reply.status !== 200) throw new Error(`login answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body.token as string;
}

/** The AuthUser the gateway would put in the internal token for this user. */
export function asCaller(user: Registered['user']): AuthUser {
  return {
    id: user.id,
    role: user.role,
    approved: user.is_approved,
    blocked: user.is_blocked,
    name: user.name,
    email: user.email,
  };
}

export const seedAdmin = { email: 'chef@fragtbud.test', password: 'chefkode1' };

/** The event of that type about that user, once it has come through the bus. */
export async function publishedEvent(identity: StartedIdentity, type: string, userId: number): Promise<EventEnvelope> {
  return waitFor(() => {
    const event = identity.published.find((e) => e.type === type && (e.data as { userId?: number }).userId === userId);
    if (!event) throw new Error(`${type} for user ${userId} not published`);
    return event;
  });
}

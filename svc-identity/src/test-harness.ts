/**
 * Starts the real svc-identity in-process on port 0 over createTestInfra() (PGlite + in-process bus, or
 * PostgreSQL + NATS when TEST_DATABASE_URL / NATS_URL are set) and talks to it over HTTP the way the gateway
 * does: a signed internal token on every request, the session resolved through /internal/sessions/resolve.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { fileUrlOf, type AuthUser, type FileKind, type InternalFile, type Role } from '@fragtbud/contracts';
import { createService, createTestClient, createTestInfra, domainError, type EventEnvelope, observeEvents, type RunningService, type ServiceClient, type TestCallOptions, type TestInfra, type TestReply, waitFor } from '@fragtbud/platform';
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

export interface CallOptions extends TestCallOptions {
  /** The browser's session token; resolved first, like the gateway, and forwarded as Bearer. */
  session?: string;
}

/**
 * svc-tasks as the harness plays it behind the real tasks client (GET /internal/files/:key): the files it stores, by
 * key, or down (the client's own 503, as when svc-tasks does not answer).
 */
export interface FakeTasks {
  files: Map<string, InternalFile>;
  down: boolean;
  /** The keys asked about, in order. */
  asked: string[];
  /** Users with a task that is neither completed nor cancelled (an admin may not delete them). */
  activeTaskUsers: Set<number>;
}

function fakeTasksClient(fake: FakeTasks): ServiceClient {
  const refuse = (): never => {
    throw domainError('not_found');
  };
  return {
    async get<T>(path: string): Promise<T> {
      if (fake.down) throw domainError('service_unavailable');
      const key = /^\/internal\/files\/([^/]+)$/.exec(path)?.[1];
      if (!key) return refuse();
      fake.asked.push(key);
      const file = fake.files.get(decodeURIComponent(key));
      if (!file) throw domainError('file_not_found');
      return structuredClone(file) as T;
    },
    async post<T>(path: string): Promise<T> {
      if (fake.down) throw domainError('service_unavailable');
      const userId = /^\/internal\/account\/users\/(\d+)\/erasure-check$/.exec(path)?.[1];
      if (!userId) return refuse();
      if (fake.activeTaskUsers.has(Number(userId))) {
        throw domainError('user_has_active_tasks');
      }
      return undefined as T;
    },
    put: async () => refuse(),
    delete: async () => refuse(),
  };
}

export interface StartedIdentity {
  url: string;
  config: IdentityConfig;
  clock: TestClock;
  infra: TestInfra;
  db: Knex;
  /** Every identity.* event seen on the bus, in arrival order. */
  published: EventEnvelope[];
  /** What svc-tasks stores; `uploadedFile` adds to it. */
  tasks: FakeTasks;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call<B = any>(method: string, path: string, options?: CallOptions): Promise<TestReply<B>>;
  /** Stops the service only (the infra stays for a restart). */
  stop(): Promise<void>;
  /** A new service over the same database and bus, e.g. to see seeding run twice. */
  restart(env?: Record<string, string>): Promise<StartedIdentity>;
  close(): Promise<void>;
}

export async function startIdentity(
  env: Record<string, string> = {},
  shared?: { infra: TestInfra; clock: TestClock; published: EventEnvelope[]; tasks: FakeTasks },
): Promise<StartedIdentity> {
  const infra = shared?.infra ?? (await createTestInfra('identity'));
  const clock = shared?.clock ?? new TestClock();
  const published = shared?.published ?? (await observeEvents(infra, ['identity.>']));
  const tasks = shared?.tasks ?? { files: new Map(), down: false, asked: [], activeTaskUsers: new Set<number>() };
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
      // Given a TASKS_URL, the service calls it with its real client (to see what an unreachable svc-tasks does).
      clients: env.TASKS_URL ? {} : { tasks: fakeTasksClient(tasks) },
    });
  } catch (error) {
    if (!shared) await infra.close();
    throw error;
  }
  const service = running;
  const { url } = await service.listen(0);
  const client = createTestClient({ url, secret: config.INTERNAL_TOKEN_SECRET });

  async function resolve(session: string): Promise<AuthUser | null> {
    const reply = await client.call<{ user: AuthUser }>('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: session } });
    return reply.status === 200 ? reply.body.user : null;
  }

  async function call<B>(method: string, path: string, { session, ...options }: CallOptions = {}): Promise<TestReply<B>> {
    if (session === undefined) return client.call<B>(method, path, options);
    const as = await resolve(session);
    return client.call<B>(method, path, { ...options, as, headers: { authorization: `Bearer ${session}`, ...options.headers } });
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
    tasks,
    call,
    stop,
    restart: async (restartEnv = env) => {
      await stop();
      return startIdentity(restartEnv, { infra, clock, published, tasks });
    },
    close: async () => {
      await stop();
      if (!shared) await infra.close();
    },
  };
}

/** What an API client sends to get the session token in the login/register JSON (browsers get only the cookie). */
export const bearerTransport = { 'x-session-transport': 'bearer' };

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

/** The identity.user.updated payloads the outbox holds for one user, oldest first. */
export async function userUpdatesOf(identity: StartedIdentity, userId: number): Promise<Array<Record<string, unknown>>> {
  const rows = (await identity.db('outbox').where({ type: 'identity.user.updated' }).whereRaw(`data->>'userId' = ?`, [String(userId)]).orderBy('seq')) as Array<{
    data: unknown;
  }>;
  return rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>);
}

export async function registerUser(
  identity: StartedIdentity,
  overrides: Partial<{ name: string; email: string; password: string; role: 'customer' | 'carrier'; company: string; phone: string }> = {},
): Promise<Registered> {
  const body = {
    name: 'Test Bruger',
    email: uniqueEmail(overrides.role ?? 'customer'),
    password: 'hemmelig1',
    role: 'customer' as const,
    acceptTerms: true,
    ...overrides,
  };
  const reply = await identity.call('POST', '/auth/register', { body, headers: bearerTransport });
  if (reply.status !== 201) throw new Error(`register answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return { user: reply.body.user, token: reply.body.token, password: body.password };
}

export async function login(identity: StartedIdentity, email: string, password: string): Promise<string> {
  const reply = await identity.call('POST', '/auth/login', { body: { email, password }, headers: bearerTransport });
  if (reply.status !== 200) throw new Error(`login answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body.token as string;
}

/** A file svc-tasks now stores for that user (by default a PDF from POST /upload/document); its `/api/files/` URL. */
export function uploadedFile(identity: StartedIdentity, ownerUserId: number | null, kind: FileKind = 'document'): string {
  const [extension, contentType] = kind === 'document' ? ['pdf', 'application/pdf'] : ['jpg', 'image/jpeg'];
  const key = `${randomUUID()}.${extension}`;
  identity.tasks.files.set(key, { key, owner_user_id: ownerUserId, kind, content_type: contentType, size: 1234 });
  return fileUrlOf(key);
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

export interface DevMailItem {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** The development mailbox of that address, newest first, read through GET /dev/mail. */
export async function mailsTo(identity: StartedIdentity, email: string): Promise<DevMailItem[]> {
  const reply = await identity.call<{ items: DevMailItem[] }>('GET', `/dev/mail?to=${encodeURIComponent(email)}`);
  if (reply.status !== 200) throw new Error(`dev mail answered ${reply.status}`);
  return reply.body.items;
}

/** Waits for a mail to that address whose subject matches, and returns it. */
export async function waitForMail(identity: StartedIdentity, email: string, subject: RegExp): Promise<DevMailItem> {
  return waitFor(async () => {
    const mail = (await mailsTo(identity, email)).find((item) => subject.test(item.subject));
    if (!mail) throw new Error(`no mail "${subject.source}" to ${email}`);
    return mail;
  });
}

/** The token of the first `?token=` link in a mail. */
export function tokenIn(mail: DevMailItem): string {
  const token = mail.text.match(/[?&]token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no token link in "${mail.subject}"`);
  return token;
}

/**
 * A small world behind the real gateway for the security suites (authorization matrix, fuzz): the whole embedded
 * topology on in-memory PGlite, six kinds of callers with real sessions, and a few objects they relate to.
 */
import { createLogger } from '@fragtbud/platform';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { startEmbedded, type EmbeddedTopology } from '../topology';
import { startDistributed } from './distributed';

/** `embedded`: `npm start`'s one process; `distributed`: a process's worth per service over PostgreSQL + NATS and HTTP. */
export type TopologyKind = 'embedded' | 'distributed';

export const actorNames = ['anonymous', 'customerB', 'unapproved', 'uninvolved', 'carrier', 'customerA', 'admin'] as const;
export type ActorName = (typeof actorNames)[number];

export interface Actor {
  name: ActorName;
  id: number | null;
  /** `session=…` for the Cookie header; null for the anonymous caller. */
  cookie: string | null;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  // Bodies are read loosely; the suites say what must be in them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface RequestOptions {
  as?: Actor;
  /** Serialised as JSON. */
  json?: unknown;
  /** Sent as is (with `contentType`, JSON by default). */
  raw?: string | Uint8Array | FormData;
  contentType?: string | null;
  headers?: Record<string, string>;
}

export interface World {
  topology: EmbeddedTopology;
  actors: Record<ActorName, Actor>;
  /** customer A's open task with a pending bid of `carrier`. */
  openTaskId: number;
  pendingBidId: number;
  /** customer A's task assigned to `carrier` (its bid accepted). */
  assignedTaskId: number;
  acceptedBidId: number;
  /** customer A's task nobody needs afterwards (an admin may delete it). */
  spareTaskId: number;
  /** A user nobody needs afterwards (an admin may block or delete them). */
  spareUserId: number;
  /** A notification of customer A. */
  notificationId: number;
  /** A chat message from `carrier` to customer A on the assigned task. */
  chatMessageId: number;
  /** customer A's uploaded image and document. */
  imageKey: string;
  documentKey: string;
  /** A document `carrier` uploaded (their insurance certificate). */
  carrierDocumentKey: string;
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  close(): Promise<void>;
}

export const password = 'hemmelig-kode-1';

/** Environment for a topology that takes a few thousand requests from one address in a minute. */
const env = {
  // A port the OS picks: a suite must not collide with another one, or with `npm start` on 8080.
  PORT: '0',
  DEMO_SEED: '1',
  LOG_LEVEL: 'silent',
  SESSION_CACHE_MS: '0',
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  LOGIN_RATE_LIMIT: '1000000',
  LOGIN_ADDRESS_RATE_LIMIT: '1000000',
  TWO_FACTOR_ADDRESS_FAILURE_LIMIT: '1000000',
  ACCOUNT_MAIL_ADDRESS_LIMIT: '1000000',
  ACCOUNT_MAIL_EMAIL_LIMIT: '1000000',
  ANONYMOUS_UPLOAD_LIMIT: '1000000',
};

async function send(base: string, method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { origin: base };
  if (options.as?.cookie) headers.cookie = options.as.cookie;
  let body: RequestInit['body'];
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  } else if (options.raw !== undefined) {
    body = options.raw as RequestInit['body'];
    if (options.contentType !== null && !(options.raw instanceof FormData)) headers['content-type'] = options.contentType ?? 'application/json';
  }
  Object.assign(headers, options.headers);
  const response = await fetch(`${base}${path}`, { method: method.toUpperCase(), headers, body, redirect: 'manual' });
  // An event stream stays open: its status and headers are the answer; the stream's content has its own suite.
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, text: '', body: undefined };
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

function expectStatus(reply: Reply, status: number, what: string): void {
  if (reply.status !== status) throw new Error(`${what}: ${reply.status} ${reply.text.slice(0, 300)}`);
}

/** The first `name=value` of a Set-Cookie header: the session cookie, whatever its name. */
function sessionCookieOf(reply: Reply): string {
  const cookie = reply.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`no session cookie: ${reply.status} ${reply.text.slice(0, 200)}`);
  return cookie;
}

export const taskBody = {
  type: 'moving',
  from_address: 'Vestergade 12, 8000 Aarhus C',
  to_address: 'Nørregade 5, 1165 København K',
  description: 'Flyttekasser og en sofa',
  details: { apartmentSize: 'medium', numberOfRooms: 3, contactPhone: '+45 20 30 40 50', floorFrom: 2, parkingDistanceFrom: 25 },
  preferred_pickup_date: '2027-08-01',
  preferred_delivery_date: '2027-08-02',
  time_frame_start: '08:00',
  time_frame_end: '16:00',
  is_flexible: false,
  contact_email: 'kontakt@example.dk',
  contact_phone: '12345678',
};

/** Asks again every 50 ms until `attempt` gives a value (events travel between services meanwhile). */
export async function until<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startWorld(kind: TopologyKind = 'embedded'): Promise<World> {
  const topology =
    kind === 'distributed'
      ? await startDistributed(env)
      : await startEmbedded({ env, dataDir: 'memory', logger: createLogger({ name: 'test', level: 'silent' }) });
  const base = topology.url;
  const request = (method: string, path: string, options?: RequestOptions) => send(base, method, `/api${path}`, options);

  try {
    const login = async (name: ActorName, email: string, secret = password): Promise<Actor> => {
      const reply = await request('POST', '/auth/login', { json: { email, password: secret } });
      expectStatus(reply, 200, `login ${email}`);
      return { name, id: reply.body.user.id as number, cookie: sessionCookieOf(reply) };
    };
    const register = async (name: ActorName | 'spare', role: 'customer' | 'carrier'): Promise<Actor & { email: string }> => {
      const email = `${name.toLowerCase()}-${Date.now()}@example.dk`;
      const body = { name: `${name} Testesen`, email, password, role, phone: '12345678', acceptTerms: true, ...(role === 'carrier' ? { company: 'Test ApS' } : {}) };
      const reply = await request('POST', '/auth/register', { json: body });
      expectStatus(reply, 201, `register ${name}`);
      return { name: name as ActorName, id: reply.body.user.id as number, cookie: sessionCookieOf(reply), email };
    };

    const admin = await login('admin', 'admin@fragtbud.dk', 'demo1234');
    const customerA = await register('customerA', 'customer');
    const customerB = await register('customerB', 'customer');
    const unapproved = await register('unapproved', 'carrier');
    const spare = await register('spare', 'customer');
    const approvedCarrier = async (name: ActorName) => {
      const registered = await register(name, 'carrier');
      expectStatus(await request('PUT', `/admin/users/${registered.id}/approve`, { as: admin }), 200, `approve ${name}`);
      return login(name, registered.email);
    };
    const carrier = await approvedCarrier('carrier');
    const uninvolved = await approvedCarrier('uninvolved');
    const anonymous: Actor = { name: 'anonymous', id: null, cookie: null };

    const createTask = async () => {
      const reply = await request('POST', '/tasks', { as: customerA, json: taskBody });
      expectStatus(reply, 201, 'create task');
      return reply.body.id as number;
    };
    const placeBid = async (taskId: number) => {
      const reply = await until(`bid on ${taskId}`, async () => {
        const placed = await request('POST', '/bids', { as: carrier, json: { taskId, price: 1000 } });
        return placed.status === 201 ? placed : undefined;
      });
      return reply.body.id as number;
    };

    const openTaskId = await createTask();
    const pendingBidId = await placeBid(openTaskId);
    const assignedTaskId = await createTask();
    const acceptedBidId = await placeBid(assignedTaskId);
    expectStatus(await request('POST', `/bids/${acceptedBidId}/accept`, { as: customerA, json: {} }), 200, 'accept');
    await until('assignment in svc-tasks', async () => {
      const task = await request('GET', `/tasks/${assignedTaskId}`, { as: carrier });
      return task.body?.view === 'full' ? true : undefined;
    });
    const spareTaskId = await createTask();

    const notificationId = await until('a notification of customer A', async () => {
      const reply = await request('GET', '/notifications', { as: customerA });
      const items = (reply.body?.items ?? reply.body) as Array<{ id: number }> | undefined;
      return Array.isArray(items) ? items[0]?.id : undefined;
    });

    const chatMessageId = await until('a chat message to customer A', async () => {
      const reply = await request('POST', '/chat/messages', {
        as: carrier,
        json: { taskId: assignedTaskId, receiverId: customerA.id, message: 'Hej, jeg henter i morgen' },
      });
      return reply.status === 201 ? (reply.body.id as number) : undefined;
    });

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const form = (name: string, type: string) => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(png)], { type }), name);
      return data;
    };
    const image = await request('POST', '/upload/image', { as: customerA, raw: form('a.png', 'image/png') });
    expectStatus(image, 201, 'upload image');
    const document = await request('POST', '/upload/document', { as: customerA, raw: form('b.png', 'image/png') });
    expectStatus(document, 201, 'upload document');
    const carrierDocument = await request('POST', '/upload/document', { as: carrier, raw: form('police.png', 'image/png') });
    expectStatus(carrierDocument, 201, "upload the carrier's document");
    const keyOf = (url: string) => url.split('/').at(-1) ?? '';

    return {
      topology,
      actors: { anonymous, customerA, customerB, unapproved, uninvolved, carrier, admin },
      openTaskId,
      pendingBidId,
      assignedTaskId,
      acceptedBidId,
      spareTaskId,
      spareUserId: spare.id as number,
      notificationId,
      chatMessageId,
      imageKey: keyOf(image.body.url),
      documentKey: keyOf(document.body.file_url),
      carrierDocumentKey: keyOf(carrierDocument.body.file_url),
      request,
      close: () => topology.close(),
    };
  } catch (error) {
    await topology.close();
    throw error;
  }
}

/** One world for a test file: started before its tests, closed after; the getter is for use inside tests. */
export function worldForSuite(kind: TopologyKind = 'embedded'): () => World {
  let world: World | undefined;
  beforeAll(async () => {
    world = await startWorld(kind);
  }, 180_000);
  afterAll(async () => {
    await world?.close();
  });
  return () => {
    if (!world) throw new Error('the world has not started');
    return world;
  };
}

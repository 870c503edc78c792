/**
 * Issue 24 items 6 and 8: a session ended anywhere ends at once on every gateway replica. Two gateways in front of the
 * same services and bus; gateway B remembers sessions for a minute and beats its streams only every two minutes, so
 * only identity.session.ended can explain what B does: the session ended through A, B's stream of it closes and B
 * refuses the session it had cached — for every kind of ending. And the per-address cap on open live streams.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { createGateway, loadGatewayConfig, type RunningGateway } from '@fragtbud/gateway';
import { createEventBus, createLogger, deleteNamespaceStreams, openEventStream, type EventBus, type EventStreamClient } from '@fragtbud/platform';
import { bearerApi } from './testing/bearer-api';
import { startEmbedded, type EmbeddedTopology } from './topology';

const logger = createLogger({ name: 'test', level: 'silent' });
const secret = 'session-ending-test-secret-0123456789abcdef';
const env = {
  INTERNAL_TOKEN_SECRET: secret,
  PORT: '0',
  DEMO_SEED: '1',
  LOG_LEVEL: 'silent',
  API_RATE_LIMIT_PER_MINUTE: '100000',
  // Neither the cache nor the heartbeat may be what ends a session on B during a test.
  SESSION_CACHE_MS: '60000',
  LIVE_HEARTBEAT_MS: '120000',
};
const password = 'hemmelig1';

function client(baseUrl: string) {
  const api = bearerApi(baseUrl);
  const events = (token: string) => openEventStream(`${baseUrl}/api/events`, { authorization: `Bearer ${token}` });
  return { api, events };
}

/** Resolves when `promise` does; fails the test when that takes longer than `ms` (an event is a matter of milliseconds). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a session ended through gateway A, seen on gateway B', () => {
  let topology: EmbeddedTopology;
  let second: RunningGateway;
  let a: ReturnType<typeof client>;
  let b: ReturnType<typeof client>;
  let adminToken: string;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    topology = await startEmbedded({ env, dataDir: 'memory', logger });
    second = createGateway({ config: loadGatewayConfig({ ...topology.gatewayEnv, PORT: '0' }), logger, bus: topology.bus });
    const { url } = await second.listen();
    a = client(topology.url);
    b = client(url);
    const login = await a.api('/auth/login', null, { method: 'POST', body: { email: 'admin@fragtbud.dk', password: 'demo1234' } });
    adminToken = login.body.token;
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await second?.close();
    await topology?.close();
  });

  /** A new customer with two sessions: `actor` (from registering) acts through A, `watched` (a login) is watched on B. */
  async function customerWithTwoSessions() {
    const email = `ende-${randomUUID().slice(0, 8)}@example.dk`;
    const registered = await a.api('/auth/register', null, {
      method: 'POST',
      body: { name: 'Sessions Test', email, password, role: 'customer', acceptTerms: true },
    });
    expect(registered.status).toBe(201);
    const login = await a.api('/auth/login', null, { method: 'POST', body: { email, password } });
    expect(login.status).toBe(200);
    return { email, userId: registered.body.user.id as number, actor: registered.body.token as string, watched: login.body.token as string };
  }

  type Ending = (session: Awaited<ReturnType<typeof customerWithTwoSessions>>) => Promise<{ status: number }>;
  const endings: Array<[string, Ending]> = [
    ['logout', ({ watched }) => a.api('/auth/logout', watched, { method: 'POST' })],
    ["'Log ud af alle andre'", ({ actor }) => a.api('/auth/sessions', actor, { method: 'DELETE' })],
    [
      'DELETE /auth/sessions/{id}',
      async ({ actor }) => {
        const list = await a.api('/auth/sessions', actor);
        const other = (list.body.items as Array<{ id: number; current: boolean }>).find((session) => !session.current);
        return a.api(`/auth/sessions/${other?.id}`, actor, { method: 'DELETE' });
      },
    ],
    [
      'a password change',
      ({ actor }) => a.api('/auth/reset-password', actor, { method: 'POST', body: { currentPassword: password, newPassword: 'nyt-kodeord-42' } }),
    ],
    [
      'a reset by link',
      async ({ email }) => {
        expect((await a.api('/auth/forgot-password', null, { method: 'POST', body: { email } })).status).toBe(200);
        const box = await a.api(`/dev/mail?to=${encodeURIComponent(email)}`, null);
        const token = String(box.body.items[0]?.text ?? '').match(/reset-password\?token=([\w-]+)/)?.[1];
        return a.api('/auth/reset-password', null, { method: 'POST', body: { token, newPassword: 'nyt-kodeord-42' } });
      },
    ],
    ['a block', ({ userId }) => a.api(`/admin/users/${userId}/block`, adminToken, { method: 'PUT' })],
    ["an admin's deletion", ({ userId }) => a.api(`/users/${userId}`, adminToken, { method: 'DELETE' })],
    ["the user's own deletion", ({ actor }) => a.api('/account', actor, { method: 'DELETE', body: { currentPassword: password } })],
  ];

  it.each(endings)('when %s ends the session through A, then its stream on B closes and B refuses the cached session at once', async (_, endSession) => {
    const session = await customerWithTwoSessions();
    const stream = await b.events(session.watched);
    streams.push(stream);
    // B has the session cached now (for a minute), and a request with it works there.
    expect((await b.api('/auth/profile', session.watched)).status).toBe(200);

    const ended = await endSession(session);
    expect(ended.status).toBeLessThan(300);

    await within(stream.ended, 5_000, 'the stream on B');
    expect((await b.api('/auth/profile', session.watched)).status).toBe(401);
    await expect(b.events(session.watched)).rejects.toMatchObject({ status: expect.any(Number) });
  });

  it('when one session ends, then the same user’s other session keeps its stream and keeps working on B', async () => {
    const session = await customerWithTwoSessions();
    const kept = await b.events(session.actor);
    expect(kept.status).toBe(200);
    const closing = await b.events(session.watched);
    streams.push(kept, closing);
    expect((await a.api('/auth/logout', session.watched, { method: 'POST' })).status).toBe(204);
    await within(closing.ended, 5_000, 'the ended session’s stream');
    expect((await b.api('/auth/profile', session.actor)).status).toBe(200);
  });
});

describe('the per-address cap on live streams', () => {
  let topology: EmbeddedTopology;
  let capped: RunningGateway;
  let url: string;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    topology = await startEmbedded({ env, dataDir: 'memory', logger });
    capped = createGateway({
      config: loadGatewayConfig({ ...topology.gatewayEnv, PORT: '0', LIVE_MAX_STREAMS_PER_ADDRESS: '3' }),
      logger,
      bus: topology.bus,
    });
    ({ url } = await capped.listen());
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await capped?.close();
    await topology?.close();
  });

  async function newCustomer(): Promise<string> {
    const email = `adresse-${randomUUID().slice(0, 8)}@example.dk`;
    const registered = await client(url).api('/auth/register', null, {
      method: 'POST',
      body: { name: 'Adresse Test', email, password, role: 'customer', acceptTerms: true },
    });
    return registered.body.token as string;
  }

  it('when one address holds the cap of streams across accounts, then another account is refused with a Danish 429; its own tab still replaces its oldest', async () => {
    const [first, second, third, fourth] = [await newCustomer(), await newCustomer(), await newCustomer(), await newCustomer()];
    const oldestOfFirst = await client(url).events(first);
    streams.push(oldestOfFirst, await client(url).events(first), await client(url).events(second));

    const refused = await fetch(`${url}/api/events`, { headers: { authorization: `Bearer ${third}`, accept: 'text/event-stream' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ code: 'too_many_live_streams', message: messages.liveStreamsPerAddressLimit });

    // The first account opens one more: its own oldest stream from this address makes way, nobody else's.
    streams.push(await client(url).events(first));
    await within(oldestOfFirst.ended, 5_000, 'the first account’s oldest stream');
    await expect(client(url).events(fourth)).rejects.toMatchObject({ status: 429 });

    // A stream that ends frees its place.
    streams.forEach((stream) => stream.close());
    await expect.poll(async () => (await fetch(`${url}/api/events`, { headers: { authorization: `Bearer ${fourth}` } }).then((reply) => {
      void reply.body?.cancel();
      return reply.status;
    }))).toBe(200);
  });
});

describe.skipIf(!process.env.NATS_URL)('a session ended through gateway A, seen on gateway B over NATS', () => {
  let topology: EmbeddedTopology;
  let servicesBus: EventBus;
  let secondBus: EventBus;
  let second: RunningGateway;
  const namespace = `t_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    servicesBus = await createEventBus({ natsUrl: process.env.NATS_URL, namespace, logger, name: 'test-services' });
    topology = await startEmbedded({ env: { ...env, BUS_NAMESPACE: namespace }, dataDir: 'memory', logger, bus: servicesBus });
    secondBus = await createEventBus({ natsUrl: process.env.NATS_URL, namespace, logger, name: 'test-gateway-b' });
    second = createGateway({ config: loadGatewayConfig({ ...topology.gatewayEnv, PORT: '0' }), logger, bus: secondBus });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await topology?.close();
    await secondBus?.close();
    await servicesBus?.close();
    if (process.env.NATS_URL) await deleteNamespaceStreams(process.env.NATS_URL, namespace);
  });

  it('when the user changes the password through A, then the other session\'s stream on B closes and B refuses it at once', async () => {
    const { url } = await second.listen();
    const a = client(topology.url);
    const b = client(url);
    const email = `nats-${randomUUID().slice(0, 8)}@example.dk`;
    const registered = await a.api('/auth/register', null, { method: 'POST', body: { name: 'NATS Test', email, password, role: 'customer', acceptTerms: true } });
    const watched = (await a.api('/auth/login', null, { method: 'POST', body: { email, password } })).body.token as string;
    const stream = await b.events(watched);
    try {
      expect((await b.api('/auth/profile', watched)).status).toBe(200);
      const changed = await a.api('/auth/reset-password', registered.body.token, { method: 'POST', body: { currentPassword: password, newPassword: 'nyt-kodeord-42' } });
      expect(changed.status).toBe(200);
      await within(stream.ended, 10_000, 'the stream on B');
      expect((await b.api('/auth/profile', watched)).status).toBe(401);
    } finally {
      stream.close();
    }
  });
});

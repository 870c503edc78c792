/**
 * GET /api/events through the real gateway and services: two users, one writes, the other's stream receives it; a
 * new bid and a status change reach the owner; read receipts; Last-Event-ID; logout, block and the stream limit end
 * streams. With NATS_URL set, also two gateways on one NATS: a user on each gets the event.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGateway, loadGatewayConfig, type RunningGateway } from '@fragtbud/gateway';
import {
  createEventBus,
  createLogger,
  internalTokenHeader,
  signInternalToken,
  deleteNamespaceStreams,
  openEventStream,
  type EventBus,
  type EventStreamClient,
} from '@fragtbud/platform';
import { bearerApi, type Json } from './testing/bearer-api';
import { startEmbedded, type EmbeddedTopology } from './topology';

const logger = createLogger({ name: 'test', level: 'silent' });
const secret = 'live-events-test-secret-0123456789abcdef';
const env = { INTERNAL_TOKEN_SECRET: secret, PORT: '0', DEMO_SEED: '1', LOG_LEVEL: 'silent', SESSION_CACHE_MS: '0', API_RATE_LIMIT_PER_MINUTE: '100000', LIVE_HEARTBEAT_MS: '300' };

interface Session {
  token: string;
  user: { id: number; role: string };
}

function client(baseUrl: string) {
  const api = bearerApi(baseUrl);
  async function logIn(email: string, password = 'demo1234'): Promise<Session> {
    const { status, body } = await api('/auth/login', null, { method: 'POST', body: { email, password } });
    if (status !== 200) throw new Error(`login ${email}: ${status} ${JSON.stringify(body)}`);
    return { token: body.token, user: body.user };
  }
  async function register(role: 'customer' | 'carrier'): Promise<Session> {
    const email = `${role}-${randomUUID().slice(0, 8)}@example.dk`;
    const { status, body } = await api('/auth/register', null, {
      method: 'POST',
      body: { name: `Test ${role}`, email, password: 'hemmelig1', role, acceptTerms: true },
    });
    if (status !== 201) throw new Error(`register: ${status} ${JSON.stringify(body)}`);
    return { token: body.token, user: body.user };
  }
  async function createTask(owner: Session): Promise<number> {
    const { status, body } = await api('/tasks', owner.token, {
      method: 'POST',
      body: {
        type: 'furniture',
        from_address: 'Kongensgade 10, 5000 Odense C',
        to_address: 'Algade 3, 4000 Roskilde',
        description: 'Et spisebord og seks stole',
        details: { furnitureType: 'dining_table', numberOfItems: 7 },
      },
    });
    if (status !== 201) throw new Error(`task: ${status} ${JSON.stringify(body)}`);
    return body.id;
  }
  const events = (session: Session, headers: Record<string, string> = {}) =>
    openEventStream(`${baseUrl}/api/events`, { authorization: `Bearer ${session.token}`, ...headers });
  return { api, logIn, register, createTask, events };
}

describe('live events (embedded, in-process bus)', () => {
  let topology: EmbeddedTopology;
  let product: ReturnType<typeof client>;
  let customer: Session;
  let carrier: Session;
  let admin: Session;
  const streams: EventStreamClient[] = [];
  const track = (stream: EventStreamClient) => (streams.push(stream), stream);

  beforeAll(async () => {
    topology = await startEmbedded({ env, dataDir: 'memory', logger });
    product = client(topology.url);
    customer = await product.register('customer');
    carrier = await product.logIn('vognmand@fragtbud.dk');
    admin = await product.logIn('admin@fragtbud.dk');
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await topology?.close();
  });

  it('when the stream opens, then it is text/event-stream, not cached, not buffered, with heartbeats', async () => {
    const stream = track(await product.events(customer));
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toContain('no-transform');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-encoding')).toBeNull();
    await expect.poll(() => stream.comments.filter((comment) => comment === 'ping').length, { timeout: 3_000 }).toBeGreaterThan(0);
    const scraper = await signInternalToken({ secret, user: null, service: 'metrics' });
    expect((await fetch(`${topology.url}/metrics`)).status).toBe(401);
    const metrics = await (await fetch(`${topology.url}/metrics`, { headers: { [internalTokenHeader]: scraper } })).text();
    expect(metrics).toMatch(/gateway_sse_open_streams [1-9]/);
    stream.close();
  });

  it('when nobody is logged in, then 401 — by cookie it works as by bearer', async () => {
    await expect(openEventStream(`${topology.url}/api/events`)).rejects.toMatchObject({ status: 401 });
    await expect(openEventStream(`${topology.url}/api/events`, { cookie: 'session=nonsense' })).rejects.toMatchObject({ status: 401 });
    const byCookie = track(await openEventStream(`${topology.url}/api/events`, { cookie: `session=${encodeURIComponent(customer.token)}` }));
    expect(byCookie.status).toBe(200);
    byCookie.close();
  });

  it('when a carrier bids and writes, then the customer sees the bid, the notification and the message at once; reading reaches the carrier', async () => {
    const taskId = await product.createTask(customer);
    const customerStream = track(await product.events(customer));
    const carrierStream = track(await product.events(carrier));

    const bid = await product.api('/bids', carrier.token, { method: 'POST', body: { taskId, price: 1200 } });
    expect(bid.status).toBe(201);
    const placed = await customerStream.next((event) => event.event === 'bid.placed');
    expect(placed.data).toMatchObject({ taskId, bidId: bid.body.id });
    expect(placed.id).toMatch(/^[0-9a-f-]{36}$/);
    const notification = await customerStream.next((event) => event.event === 'notification');
    expect(notification.data).toMatchObject({ message: 'Nyt bud på din opgave', task_id: taskId, user_id: customer.user.id });

    const sent = await product.api('/chat/messages', carrier.token, {
      method: 'POST',
      body: { taskId, receiverId: customer.user.id, message: 'Hej! Ring på 12 34 56 78' },
    });
    expect(sent.status).toBe(201);
    const received = await customerStream.next((event) => event.event === 'chat.message');
    expect(received.data).toEqual(sent.body);
    expect((received.data as Json).message).toBe('Hej! Ring på [redigeret]');
    await carrierStream.next((event) => event.event === 'chat.message' && (event.data as Json).id === sent.body.id);

    const read = await product.api(`/chat/messages/${sent.body.id}/read`, customer.token, { method: 'PUT' });
    expect(read.status).toBe(200);
    const receipt = await carrierStream.next((event) => event.event === 'chat.read');
    expect(receipt.data).toMatchObject({ taskId, readerId: customer.user.id, messageIds: [sent.body.id] });

    // The customer chooses the bid: the status change reaches the owner (and the winning carrier).
    const accepted = await product.api(`/bids/${bid.body.id}/accept`, customer.token, { method: 'POST' });
    expect(accepted.status).toBe(200);
    const status = await customerStream.next((event) => event.event === 'task.status');
    expect(status.data).toMatchObject({ taskId, status: 'assigned' });
    await carrierStream.next((event) => event.event === 'task.status' && (event.data as Json).status === 'assigned');
    await carrierStream.next((event) => event.event === 'bid.updated' && (event.data as Json).status === 'accepted');
    // Nobody else hears of it.
    const other = await product.register('customer');
    const otherStream = track(await product.events(other));
    await product.api('/chat/messages', carrier.token, { method: 'POST', body: { taskId, receiverId: customer.user.id, message: 'Vi ses' } });
    await customerStream.next((event) => event.event === 'chat.message' && (event.data as Json).message === 'Vi ses');
    expect(otherStream.events).toEqual([]);
  });

  it('when a stream reconnects with Last-Event-ID, then it gets what it missed; with an unknown id, resync', async () => {
    const taskId = await product.createTask(customer);
    await product.api('/bids', carrier.token, { method: 'POST', body: { taskId, price: 900 } });
    const first = track(await product.events(customer));
    const write = (message: string) =>
      product.api('/chat/messages', carrier.token, { method: 'POST', body: { taskId, receiverId: customer.user.id, message } });
    await write('første');
    const seen = await first.next((event) => event.event === 'chat.message' && (event.data as Json).message === 'første');
    first.close();
    await write('anden');
    await write('tredje');
    const resumed = track(await product.events(customer, { 'last-event-id': seen.id! }));
    await resumed.next((event) => (event.data as Json).message === 'tredje');
    expect(resumed.events.filter((event) => event.event === 'chat.message').map((event) => (event.data as Json).message)).toEqual([
      'anden',
      'tredje',
    ]);
    const lost = track(await product.events(customer, { 'last-event-id': randomUUID() }));
    await lost.next((event) => event.event === 'resync');
  });

  it('when a user opens a sixth stream, then the oldest is closed', async () => {
    const user = await product.register('customer');
    const opened: EventStreamClient[] = [];
    for (let i = 0; i < 5; i++) opened.push(track(await product.events(user)));
    const sixth = track(await product.events(user));
    await opened[0]!.ended;
    // The others are still open after the limit was applied: each hears a heartbeat sent after the oldest ended.
    const others = [...opened.slice(1), sixth];
    const pings = (stream: EventStreamClient) => stream.comments.filter((comment) => comment === 'ping').length;
    const pingsBefore = others.map(pings);
    await vi.waitFor(() => expect(others.map((stream, i) => pings(stream) > pingsBefore[i]!)).toEqual(others.map(() => true)), { timeout: 3_000 });
    expect(sixth.status).toBe(200);
    const endedFlags = await Promise.all(opened.slice(1).map((stream) => Promise.race([stream.ended.then(() => true), Promise.resolve(false)])));
    expect(endedFlags).toEqual([false, false, false, false]);
  });

  it('when the user logs out, then the stream ends', async () => {
    const user = await product.register('customer');
    const stream = track(await product.events(user));
    const logout = await product.api('/auth/logout', user.token, { method: 'POST' });
    expect(logout.status).toBe(204);
    await stream.ended;
    await expect(product.events(user)).rejects.toMatchObject({ status: 401 });
  });

  it('when the user logs out through another gateway replica, then the next heartbeat ends the stream here', async () => {
    const second = createGateway({ config: loadGatewayConfig({ ...topology.gatewayEnv, PORT: '0' }), logger, bus: topology.bus });
    try {
      const { url } = await second.listen();
      const user = await product.register('customer');
      const stream = track(await product.events(user));
      const logout = await client(url).api('/auth/logout', user.token, { method: 'POST' });
      expect(logout.status).toBe(204);
      await stream.ended;
    } finally {
      await second.close();
    }
  });

  it('when an admin blocks a user, then their streams end and a new one is refused', async () => {
    const user = await product.register('carrier');
    const stream = track(await product.events(user));
    const blocked = await product.api(`/admin/users/${user.user.id}/block`, admin.token, { method: 'PUT' });
    expect(blocked.status).toBe(200);
    await stream.ended;
    await expect(product.events(user)).rejects.toMatchObject({ status: expect.any(Number) });
  });
});

describe.skipIf(!process.env.NATS_URL)('live events over NATS: two gateways', () => {
  let topology: EmbeddedTopology;
  let servicesBus: EventBus;
  let secondBus: EventBus;
  let second: RunningGateway;
  const namespace = `t_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    servicesBus = await createEventBus({ natsUrl: process.env.NATS_URL, namespace, logger, name: 'test-services' });
    topology = await startEmbedded({ env: { ...env, BUS_NAMESPACE: namespace }, dataDir: 'memory', logger, bus: servicesBus });
    secondBus = await createEventBus({ natsUrl: process.env.NATS_URL, namespace, logger, name: 'test-gateway-2' });
    second = createGateway({ config: loadGatewayConfig({ ...topology.gatewayEnv, PORT: '0' }), logger, bus: secondBus });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await topology?.close();
    await secondBus?.close();
    await servicesBus?.close();
    if (process.env.NATS_URL) await deleteNamespaceStreams(process.env.NATS_URL, namespace);
  });

  it('when the customer is on one gateway and the carrier on another, then each gets the other’s message once', async () => {
    const { url: secondUrl } = await second.listen();
    const one = client(topology.url);
    const two = client(secondUrl);
    const customer = await one.register('customer');
    const carrier = await two.logIn('vognmand@fragtbud.dk');
    const taskId = await one.createTask(customer);
    const customerStream = await one.events(customer);
    const carrierStream = await two.events(carrier);
    try {
      const bid = await two.api('/bids', carrier.token, { method: 'POST', body: { taskId, price: 1500 } });
      expect(bid.status).toBe(201);
      await customerStream.next((event) => event.event === 'bid.placed', 10_000);

      const fromCarrier = await two.api('/chat/messages', carrier.token, { method: 'POST', body: { taskId, receiverId: customer.user.id, message: 'Hej fra gateway 2' } });
      expect(fromCarrier.status).toBe(201);
      await customerStream.next((event) => event.event === 'chat.message' && (event.data as Json).id === fromCarrier.body.id, 10_000);
      const fromCustomer = await one.api('/chat/messages', customer.token, { method: 'POST', body: { taskId, receiverId: carrier.user.id, message: 'Hej fra gateway 1' } });
      expect(fromCustomer.status).toBe(201);
      await carrierStream.next((event) => event.event === 'chat.message' && (event.data as Json).id === fromCustomer.body.id, 10_000);

      // Once, without sleeping: a later message reaches both streams after any second copy of the first two would.
      const later = await one.api('/chat/messages', customer.token, { method: 'POST', body: { taskId, receiverId: carrier.user.id, message: 'Sidste besked' } });
      expect(later.status).toBe(201);
      const isLater = (event: { event?: string; data: unknown }) => event.event === 'chat.message' && (event.data as Json).id === later.body.id;
      await customerStream.next(isLater, 10_000);
      await carrierStream.next(isLater, 10_000);
      const ids = (stream: EventStreamClient) =>
        stream.events.filter((event) => event.event === 'chat.message' && !isLater(event)).map((event) => (event.data as Json).id);
      const both = [fromCarrier.body.id, fromCustomer.body.id].sort();
      expect(ids(customerStream).sort()).toEqual(both);
      expect(ids(carrierStream).sort()).toEqual(both);
    } finally {
      customerStream.close();
      carrierStream.close();
    }
  });
});

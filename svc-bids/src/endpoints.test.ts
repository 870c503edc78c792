/**
 * Every endpoint against what a client can get wrong: no session, the wrong role, no or a forged internal token,
 * malformed JSON, an oversize body, wrong shapes and types, bad ids and queries. Each answer is a 4xx with a Danish
 * message, never 500.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { messages, type AuthUser } from '@fragtbud/contracts';
import { signInternalToken } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidBody, createTask, startBids, user, type CallOptions, type StartedBids } from './test-harness';

let bids: StartedBids;
const admin = user('admin');
const owner = user('customer');
const carrier = user('carrier');
const otherCarrier = user('carrier');
const unapprovedCarrier = user('carrier', { approved: false });
let taskId: number;
let bidId: number;

beforeAll(async () => {
  bids = await startBids();
  taskId = (await createTask(bids, { owner })).id;
  bidId = (await bids.call('POST', '/bids', { as: carrier, body: bidBody(taskId, 1000) })).body.id;
});
afterAll(async () => {
  await bids?.close();
});

type Access = 'logged_in' | 'carrier' | 'decider' | 'internal';
interface Endpoint {
  method: 'GET' | 'POST' | 'PUT';
  /** The path with the given id (default: the test's task or bid). */
  path: (id?: string) => string;
  access: Access;
  id?: { code: string; message: string };
  validBody?: () => Record<string, unknown>;
}

const bidIdError = { code: 'invalid_bid_id', message: messages.invalidBidId };
const taskIdError = { code: 'invalid_task_id', message: messages.invalidTaskId };

const endpoints: Endpoint[] = [
  { method: 'POST', path: () => '/bids', access: 'carrier', validBody: () => bidBody(taskId, 100) },
  { method: 'GET', path: () => '/bids', access: 'logged_in' },
  { method: 'GET', path: (id = String(bidId)) => `/bids/${id}`, access: 'logged_in', id: bidIdError },
  { method: 'PUT', path: (id = String(bidId)) => `/bids/${id}`, access: 'carrier', id: bidIdError, validBody: () => ({ price: 900 }) },
  { method: 'POST', path: (id = String(bidId)) => `/bids/${id}/accept`, access: 'decider', id: bidIdError },
  { method: 'POST', path: (id = String(bidId)) => `/bids/${id}/reject`, access: 'decider', id: bidIdError },
  { method: 'GET', path: (id = String(taskId)) => `/tasks/${id}/bids`, access: 'logged_in', id: taskIdError },
  { method: 'POST', path: (id = String(taskId)) => `/tasks/${id}/assign`, access: 'decider', id: taskIdError, validBody: () => ({ bid_id: bidId }) },
  { method: 'GET', path: (id = String(bidId)) => `/internal/bids/${id}`, access: 'internal', id: bidIdError },
  { method: 'GET', path: (id = String(taskId)) => `/internal/tasks/${id}/accepted-bid`, access: 'internal', id: taskIdError },
];

const name = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path(':id')}`;
const cases = (list: Endpoint[]) => list.map((endpoint) => [name(endpoint), endpoint] as const);
const bodyOf = (endpoint: Endpoint) => endpoint.validBody?.();
/** A caller the endpoint lets through its role check. */
const allowed = (endpoint: Endpoint): CallOptions => {
  switch (endpoint.access) {
    case 'internal':
      return { service: 'payments' };
    case 'carrier':
      return { as: otherCarrier };
    default:
      return { as: admin };
  }
};
const catalogue = new Set<string>(Object.values(messages));

describe('who may call', () => {
  const forUsers = endpoints.filter((e) => e.access !== 'internal');
  it.each(cases(forUsers))('when %s is called anonymously, then 401', async (_, endpoint) => {
    const reply = await bids.call(endpoint.method, endpoint.path(), { body: bodyOf(endpoint) });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 'unauthorized', message: messages.sessionExpired });
  });

  it.each(cases(endpoints))('when %s is called without an internal token, then 401', async (_, endpoint) => {
    const reply = await bids.call(endpoint.method, endpoint.path(), { body: bodyOf(endpoint), withoutInternalToken: true });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('invalid_internal_token');
  });

  it.each(cases(endpoints))('when %s is called with a forged internal token, then 401', async (_, endpoint) => {
    const forged = await signInternalToken({ secret: randomBytes(32).toString('hex'), user: admin, service: 'payments' });
    const reply = await bids.call(endpoint.method, endpoint.path(), {
      body: bodyOf(endpoint),
      withoutInternalToken: true,
      headers: { 'x-internal-token': forged },
    });
    expect(reply.status).toBe(401);
  });

  const carrierOnly = endpoints.filter((e) => e.access === 'carrier');
  for (const [who, as] of [
    ['a customer', owner],
    ['an admin', admin],
  ] as Array<[string, AuthUser]>) {
    it.each(cases(carrierOnly))(`when %s is called by ${who}, then 403 not_carrier`, async (_, endpoint) => {
      const reply = await bids.call(endpoint.method, endpoint.path(), { as, body: bodyOf(endpoint) });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ code: 'not_carrier', message: messages.notCarrier });
    });
  }

  it.each(cases(carrierOnly))('when %s is called by a carrier awaiting approval, then 403 with the reason', async (_, endpoint) => {
    const reply = await bids.call(endpoint.method, endpoint.path(), { as: unapprovedCarrier, body: bodyOf(endpoint) });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 'carrier_not_approved', message: messages.carrierNotApproved });
  });

  const deciders = endpoints.filter((e) => e.access === 'decider');
  for (const [who, as] of [
    ['the bid’s own carrier', carrier],
    ['another carrier', otherCarrier],
    ['a customer who does not own the task', user('customer')],
  ] as Array<[string, AuthUser]>) {
    it.each(cases(deciders))(`when %s is called by ${who}, then 403`, async (_, endpoint) => {
      const reply = await bids.call(endpoint.method, endpoint.path(), { as, body: bodyOf(endpoint) });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ code: 'forbidden', message: messages.forbidden });
    });
  }

  const internal = endpoints.filter((e) => e.access === 'internal');
  it.each(cases(internal))('when %s is called by any user through the gateway, then 403', async (_, endpoint) => {
    for (const as of [admin, owner, carrier, null]) {
      const reply = await bids.call(endpoint.method, endpoint.path(), { as });
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('forbidden');
    }
  });
});

describe('every endpoint taking a body', () => {
  const withBody = endpoints.filter((e) => e.validBody);

  it.each(cases(withBody))('when %s gets malformed JSON, then 400 invalid_json', async (_, endpoint) => {
    const reply = await bids.call(endpoint.method, endpoint.path(), { ...allowed(endpoint), raw: '{"price": 1,' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_json', message: messages.invalidJson });
  });

  it.each(cases(withBody))('when %s gets a body over 1 MB, then 400 payload_too_large', async (_, endpoint) => {
    const reply = await bids.call(endpoint.method, endpoint.path(), {
      ...allowed(endpoint),
      raw: JSON.stringify({ price: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'payload_too_large', message: messages.payloadTooLarge });
  });

  const shapes: Array<[string, unknown]> = [
    ['no body at all', undefined],
    ['an array', []],
    ['a string', 'tekst'],
    ['null', null],
    ['a number', 42],
    ['an unknown field only', { hvad: 'ingenting' }],
  ];
  for (const endpoint of withBody) {
    it.each(shapes)(`when ${name(endpoint)} gets %s, then 400 with a Danish message`, async (_, body) => {
      const reply = await bids.call(endpoint.method, endpoint.path(), {
        ...allowed(endpoint),
        ...(body === undefined ? {} : { raw: JSON.stringify(body) }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('invalid_input');
      expect(catalogue.has(reply.body.message)).toBe(true);
      for (const detail of reply.body.details ?? []) expect(catalogue.has(detail.message)).toBe(true);
    });
  }

  it.each(cases(withBody))('when %s gets any JSON at all, then never 500, and a refusal is in Danish', async (_, endpoint) => {
    const keys = [...Object.keys(bodyOf(endpoint) ?? {}), 'valid_until', 'valid_days', 'valid_time', 'carrier_id'];
    const valueArb = fc.oneof(
      fc.jsonValue(),
      fc.double(),
      fc.integer(),
      fc.string(),
      fc.constant(taskId),
      fc.constantFrom('', '\u0000', '1e400', '-0', 'NaN', '12,5', ' 7 ', '0x10', '2026-13-01', '2030-01-01T20:00', '08:00'),
    );
    const bodyArb = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...keys, 'x'), valueArb));
    await fc.assert(
      fc.asyncProperty(bodyArb, fc.constantFrom(otherCarrier, carrier, owner, admin), async (body, as) => {
        const raw = JSON.stringify(body) ?? 'null';
        const reply = await bids.call(endpoint.method, endpoint.path(), { as, raw });
        expect(reply.status).toBeLessThan(500);
        if (reply.status >= 400) expect(catalogue.has(reply.body.message)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

describe('every endpoint with an id', () => {
  const badIds = ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20', 'NaN', '0x1f'];
  for (const endpoint of endpoints.filter((e) => e.id)) {
    it.each(badIds)(`when ${name(endpoint)} gets the id %s, then 400 with its message`, async (badId) => {
      const reply = await bids.call(endpoint.method, endpoint.path(badId), { ...allowed(endpoint), body: bodyOf(endpoint) });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual(endpoint.id);
    });
  }

  it('when a bid id names no bid, then 404 bid_not_found everywhere', async () => {
    for (const endpoint of endpoints.filter((e) => e.id === bidIdError)) {
      const reply = await bids.call(endpoint.method, endpoint.path('424242'), { ...allowed(endpoint), body: bodyOf(endpoint) });
      expect(reply.status, name(endpoint)).toBe(404);
      expect(reply.body).toEqual({ code: 'bid_not_found', message: messages.bidNotFound });
    }
  });

  it('when a task id names no task, then 404 "Opgave ikke fundet"', async () => {
    const reply = await bids.call('GET', '/tasks/424242/bids', { as: admin });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'task_not_found', message: messages.taskNotFound });
  });
});

describe('GET /bids query', () => {
  it.each([
    ['taskId=abc', messages.invalidTaskId],
    ['carrierId=-4', messages.invalidUserId],
    ['status=open', messages.invalidChoice],
    ['page=0', messages.invalidPage],
    ['limit=101', messages.invalidPageLimit],
    ['limit=ti', messages.invalidPageLimit],
  ])('when the query is %s, then 400 with the Danish text', async (query, message) => {
    const reply = await bids.call('GET', `/bids?${query}`, { as: admin });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
  });

  it('when any query at all is sent, then never 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('taskId', 'carrierId', 'status', 'page', 'limit', 'x'), fc.oneof(fc.string(), fc.integer().map(String))),
        fc.constantFrom(admin, owner, carrier),
        async (query, as) => {
          const reply = await bids.call('GET', `/bids?${new URLSearchParams(query).toString()}`, { as });
          expect(reply.status).toBeLessThan(500);
          if (reply.status >= 400) expect(catalogue.has(reply.body.message)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('unknown routes', () => {
  it('when a path does not exist, then 404 Ikke fundet', async () => {
    for (const [method, path] of [
      ['DELETE', `/bids/${bidId}`],
      ['GET', `/bids/${bidId}/accept`],
      ['POST', '/tasks/1'],
    ] as const) {
      const reply = await bids.call(method, path, { as: admin });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'not_found', message: messages.notFound });
    }
  });

  it('when a user token reaches an internal path, then 403 before any route is looked up', async () => {
    expect((await bids.call('GET', '/internal/bids', { as: admin })).status).toBe(403);
  });
});

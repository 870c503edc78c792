/**
 * Every endpoint against what a client can get wrong: no session, the wrong role, no internal token, malformed
 * JSON, an oversize body, wrong shapes and types, bad ids. Each answer is a 4xx with a Danish message, never 500.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { messages, type AuthUser } from '@fragtbud/contracts';
import { signInternalToken } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLedger, user, type CallOptions, type StartedLedger } from './test-harness';

let ledger: StartedLedger;
const admin = user('admin');
const customer = user('customer');
const carrier = user('carrier');
const unapprovedCarrier = user('carrier', { approved: false });

beforeAll(async () => {
  ledger = await startLedger();
});
afterAll(async () => {
  await ledger?.close();
});

type Access = 'logged_in' | 'admin' | 'internal';
interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (id: number) => string;
  access: Access;
  hasId?: { code: string; message: string };
  /** A body the endpoint accepts. */
  validBody?: Record<string, unknown>;
}

const listId = { code: 'invalid_carrier_list_id', message: messages.invalidCarrierListId };
const assignmentId = { code: 'invalid_assignment_id', message: messages.invalidAssignmentId };

const endpoints: Endpoint[] = [
  { method: 'GET', path: () => '/admin/platform-settings', access: 'admin' },
  { method: 'PUT', path: () => '/admin/platform-settings', access: 'admin', validBody: { maxBids: 5 } },
  { method: 'GET', path: () => '/admin/carrier-lists', access: 'admin' },
  { method: 'POST', path: () => '/admin/carrier-lists', access: 'admin', validBody: { name: 'Ny liste', feePercentage: 5 } },
  { method: 'PUT', path: (id) => `/admin/carrier-lists/${id}`, access: 'admin', hasId: listId, validBody: { feePercentage: 9 } },
  { method: 'DELETE', path: (id) => `/admin/carrier-lists/${id}`, access: 'admin', hasId: listId },
  { method: 'GET', path: () => '/admin/carrier-lists/assignments', access: 'admin' },
  { method: 'POST', path: () => '/admin/carrier-lists/assignments', access: 'admin', validBody: { userId: 77, listId: 1 } },
  { method: 'DELETE', path: (id) => `/admin/carrier-lists/assignments/${id}`, access: 'admin', hasId: assignmentId },
  { method: 'POST', path: () => '/pricing/quote', access: 'logged_in', validBody: { net: 100 } },
  { method: 'GET', path: () => '/internal/platform-settings', access: 'internal' },
  { method: 'POST', path: () => '/internal/quotes', access: 'internal', validBody: { netOre: 100, carrierId: 77 } },
  { method: 'GET', path: () => '/internal/carrier-fees', access: 'internal' },
];

const name = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path(0).replace('/0', '/:id')}`;
const cases = (list: Endpoint[]) => list.map((endpoint) => [name(endpoint), endpoint] as const);
/** The caller an endpoint accepts. */
const allowed = (endpoint: Endpoint): CallOptions => (endpoint.access === 'internal' ? { service: 'bids' } : { as: admin });
const catalogue = new Set<string>(Object.values(messages));

describe('who may call', () => {
  const forUsers = endpoints.filter((e) => e.access !== 'internal');
  it.each(cases(forUsers))('when %s is called anonymously, then 401', async (_, endpoint) => {
    const reply = await ledger.call(endpoint.method, endpoint.path(1), { body: endpoint.validBody });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 'unauthorized', message: messages.sessionExpired });
  });

  it.each(cases(endpoints))('when %s is called without an internal token, then 401', async (_, endpoint) => {
    const reply = await ledger.call(endpoint.method, endpoint.path(1), { body: endpoint.validBody, withoutInternalToken: true });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('invalid_internal_token');
  });

  it.each(cases(endpoints))('when %s is called with a forged internal token, then 401', async (_, endpoint) => {
    const forged = await signInternalToken({ secret: randomBytes(32).toString('hex'), user: admin, service: 'bids' });
    const reply = await ledger.call(endpoint.method, endpoint.path(1), {
      body: endpoint.validBody,
      withoutInternalToken: true,
      headers: { 'x-internal-token': forged },
    });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('invalid_internal_token');
  });

  const adminOnly = endpoints.filter((e) => e.access === 'admin');
  for (const [who, caller] of [
    ['a customer', customer],
    ['an approved carrier', carrier],
    ['a carrier awaiting approval', unapprovedCarrier],
  ] as Array<[string, AuthUser]>) {
    it.each(cases(adminOnly))(`when %s is called by ${who}, then 403`, async (_, endpoint) => {
      const reply = await ledger.call(endpoint.method, endpoint.path(1), { as: caller, body: endpoint.validBody });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ code: 'forbidden', message: messages.forbidden });
    });
  }

  const internal = endpoints.filter((e) => e.access === 'internal');
  it.each(cases(internal))('when %s is called by any user through the gateway, then 403', async (_, endpoint) => {
    for (const as of [admin, customer, carrier, null]) {
      const reply = await ledger.call(endpoint.method, endpoint.path(1), { as, body: endpoint.validBody });
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('forbidden');
    }
  });

  it('when the quote is asked by any logged-in role (also a carrier awaiting approval), then 200', async () => {
    for (const as of [admin, customer, carrier, unapprovedCarrier]) {
      const reply = await ledger.call('POST', '/pricing/quote', { as, body: { net: 100 } });
      expect(reply.status).toBe(200);
    }
  });
});

describe('every endpoint taking a body', () => {
  const withBody = endpoints.filter((e) => e.validBody);

  it.each(cases(withBody))('when %s gets malformed JSON, then 400 invalid_json', async (_, endpoint) => {
    const reply = await ledger.call(endpoint.method, endpoint.path(1), { ...allowed(endpoint), raw: '{"net": 1,' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_json', message: messages.invalidJson });
  });

  it.each(cases(withBody))('when %s gets a body over 1 MB, then 400 payload_too_large', async (_, endpoint) => {
    const reply = await ledger.call(endpoint.method, endpoint.path(1), {
      ...allowed(endpoint),
      raw: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
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
      const reply = await ledger.call(endpoint.method, endpoint.path(1), {
        ...allowed(endpoint),
        ...(body === undefined ? {} : { raw: JSON.stringify(body) }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('invalid_input');
      expect(catalogue.has(reply.body.message)).toBe(true);
      for (const detail of reply.body.details) expect(catalogue.has(detail.message)).toBe(true);
    });
  }

  it.each(cases(withBody))('when %s gets any JSON at all, then never 500, and a refusal is in Danish', async (_, endpoint) => {
    const keys = Object.keys(endpoint.validBody as Record<string, unknown>);
    const valueArb = fc.oneof(
      fc.jsonValue(),
      fc.double(),
      fc.integer(),
      fc.string(),
      fc.constantFrom('', '\u0000', '1e400', '-0', 'NaN', '12,5', ' 7 ', '0x10'),
    );
    const bodyArb = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...keys, 'x'), valueArb));
    await fc.assert(
      fc.asyncProperty(bodyArb, async (body) => {
        const raw = JSON.stringify(body) ?? 'null';
        const reply = await ledger.call(endpoint.method, endpoint.path(1), { ...allowed(endpoint), raw });
        expect(reply.status).toBeLessThan(500);
        if (reply.status >= 400) expect(catalogue.has(reply.body.message)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

describe('every endpoint with an id', () => {
  const badIds = ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20', 'NaN', '0x1f'];
  for (const endpoint of endpoints.filter((e) => e.hasId)) {
    it.each(badIds)(`when ${name(endpoint)} gets the id %s, then 400 with its message`, async (badId) => {
      const path = endpoint.path(1).replace(/\/1$/, `/${badId}`);
      const reply = await ledger.call(endpoint.method, path, { as: admin, body: endpoint.validBody });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual(endpoint.hasId);
    });
  }
});

describe('unknown routes', () => {
  it('when a path does not exist, then 404 Ikke fundet', async () => {
    for (const [method, path] of [
      ['GET', '/admin/carrier-lists/1'],
      ['GET', '/pricing/quote'],
      ['POST', '/admin/platform-settings'],
      ['GET', '/ledger/nothing'],
    ]) {
      const reply = await ledger.call(method as string, path as string, { as: admin });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'not_found', message: messages.notFound });
    }
  });
});

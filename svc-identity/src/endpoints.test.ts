/**
 * Every endpoint against what a client can get wrong: no session, the wrong role, malformed JSON, an oversize
 * body, missing fields, wrong types, bad ids and bad queries. Each answer is a 4xx with a Danish message, never 500.
 */
import { messages, type AuthUser } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller, login, registerUser, seedAdmin, startIdentity, type Registered, type StartedIdentity } from './test-harness';

let identity: StartedIdentity;
let customer: Registered;
let other: Registered;
let admin: AuthUser;

beforeAll(async () => {
  identity = await startIdentity({ SEED_ADMIN_EMAIL: seedAdmin.email, SEED_ADMIN_PASSWORD: seedAdmin.password });
  customer = await registerUser(identity);
  other = await registerUser(identity, { role: 'carrier' });
  const adminToken = await login(identity, seedAdmin.email, seedAdmin.password);
  admin = (await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: adminToken } })).body.user;
});
afterAll(async () => {
  await identity?.close();
});

type Access = 'anyone' | 'logged_in' | 'admin_or_self' | 'admin' | 'internal';
interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (id: number) => string;
  access: Access;
  hasId?: boolean;
  /** A body the endpoint accepts, for the checks that vary one thing at a time. */
  validBody?: Record<string, unknown>;
}

const endpoints: Endpoint[] = [
  { method: 'POST', path: () => '/auth/register', access: 'anyone', validBody: { name: 'A', email: 'a@b.dk', password: 'hemmelig', role: 'customer', acceptTerms: true } },
  { method: 'POST', path: () => '/auth/login', access: 'anyone', validBody: { email: 'a@b.dk', password: 'hemmelig' } },
  { method: 'POST', path: () => '/auth/logout', access: 'logged_in' },
  { method: 'GET', path: () => '/auth/profile', access: 'logged_in' },
  { method: 'GET', path: () => '/users/me', access: 'logged_in' },
  { method: 'GET', path: () => '/users', access: 'admin' },
  { method: 'GET', path: (id) => `/users/${id}`, access: 'admin_or_self', hasId: true },
  { method: 'PUT', path: (id) => `/users/${id}`, access: 'admin_or_self', hasId: true, validBody: { name: 'Ny' } },
  { method: 'DELETE', path: (id) => `/users/${id}`, access: 'admin', hasId: true },
  { method: 'PUT', path: (id) => `/admin/users/${id}/approve`, access: 'admin', hasId: true },
  { method: 'PUT', path: (id) => `/admin/users/${id}/reject`, access: 'admin', hasId: true },
  { method: 'PUT', path: (id) => `/admin/users/${id}/block`, access: 'admin', hasId: true },
  { method: 'PUT', path: (id) => `/admin/users/${id}/unblock`, access: 'admin', hasId: true },
  { method: 'GET', path: () => '/admin/carriers/pending-count', access: 'admin' },
  { method: 'GET', path: () => '/admin/users/blocked-count', access: 'admin' },
  { method: 'POST', path: () => '/internal/sessions/resolve', access: 'internal', validBody: { token: 'abc' } },
];

const name = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path(0).replace('/0', '/:id')}`;
const protectedEndpoints = endpoints.filter((e) => e.access !== 'anyone' && e.access !== 'internal');
const withBody = endpoints.filter((e) => e.method !== 'GET');
const withBodySchema = endpoints.filter((e) => e.validBody);
/** A caller the endpoint lets through its access check: the gateway as itself for internal ones, else an admin. */
const allowed = (endpoint: Endpoint) => (endpoint.access === 'internal' ? { service: 'gateway' } : { as: admin });

describe('every protected endpoint', () => {
  it.each(protectedEndpoints.map((e) => [name(e), e] as const))('when %s is called anonymously, then 401', async (_, endpoint) => {
    const reply = await identity.call(endpoint.method, endpoint.path(customer.user.id), { body: endpoint.validBody });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 'unauthorized', message: messages.sessionExpired });
  });

  it.each(endpoints.map((e) => [name(e), e] as const))('when %s is called without an internal token, then 401', async (_, endpoint) => {
    const reply = await identity.call(endpoint.method, endpoint.path(customer.user.id), {
      body: endpoint.validBody,
      withoutInternalToken: true,
    });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('invalid_internal_token');
  });

  const forCustomer = endpoints.filter((e) => e.access === 'admin' || e.access === 'admin_or_self');
  it.each(forCustomer.map((e) => [name(e), e] as const))(
    "when %s is called by a customer (on another user's id), then 403",
    async (_, endpoint) => {
      const reply = await identity.call(endpoint.method, endpoint.path(other.user.id), {
        as: asCaller(customer.user),
        body: endpoint.validBody,
      });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ code: 'forbidden', message: messages.forbidden });
    },
  );
});

describe('every endpoint taking a body', () => {
  it.each(withBody.map((e) => [name(e), e] as const))('when %s gets malformed JSON, then 400 invalid_json', async (_, endpoint) => {
    const reply = await identity.call(endpoint.method, endpoint.path(customer.user.id), {
      ...allowed(endpoint),
      raw: '{"name": "A",',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_json', message: messages.invalidJson });
  });

  it.each(withBody.map((e) => [name(e), e] as const))('when %s gets a body over 1 MB, then 400 payload_too_large', async (_, endpoint) => {
    const reply = await identity.call(endpoint.method, endpoint.path(customer.user.id), {
      ...allowed(endpoint),
      raw: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'payload_too_large', message: messages.payloadTooLarge });
  });
});

describe('every endpoint with a body schema', () => {
  const cases: Array<[string, (valid: Record<string, unknown>) => unknown]> = [
    ['no body at all', () => undefined],
    ['an array', () => []],
    ['a string', () => 'tekst'],
    ['null', () => null],
    ['every field a number', (valid) => Object.fromEntries(Object.keys(valid).map((key) => [key, 42]))],
    ['every field an object', (valid) => Object.fromEntries(Object.keys(valid).map((key) => [key, { a: 1 }]))],
    ['every field too long', (valid) => Object.fromEntries(Object.keys(valid).map((key) => [key, 'x'.repeat(5000)]))],
    ['an unknown field only', () => ({ hvad: 'ingenting' })],
  ];
  for (const endpoint of withBodySchema) {
    it.each(cases)(`when ${name(endpoint)} gets %s, then 400 with a Danish message`, async (what, makeBody) => {
      const body = makeBody(endpoint.validBody as Record<string, unknown>);
      // An empty change set is a valid PUT; the platform's parseBody reads a JSON null as "no body".
      if (endpoint.method === 'PUT' && (what === 'no body at all' || what === 'null')) return;
      const reply = await identity.call(endpoint.method, endpoint.path(customer.user.id), {
        ...allowed(endpoint),
        ...(body === undefined ? {} : { raw: JSON.stringify(body) }),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('invalid_input');
      expect(Object.values(messages)).toContain(reply.body.message);
      expect(Array.isArray(reply.body.details)).toBe(true);
    });
  }

  it('when register misses fields, then each one is named with its Danish message', async () => {
    const reply = await identity.call('POST', '/auth/register', { body: {} });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: messages.nameRequired },
        { path: 'email', message: messages.emailInvalid },
        { path: 'password', message: messages.passwordRequired },
        { path: 'role', message: messages.roleInvalid },
      ]),
    );
  });

  it('when login misses the password, then 400 Angiv din adgangskode', async () => {
    const reply = await identity.call('POST', '/auth/login', { body: { email: 'a@b.dk' } });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toContainEqual({ path: 'password', message: messages.passwordRequired });
  });

  it('when text holds a NUL character the database cannot store, then 400, not 500', async () => {
    const register = await identity.call('POST', '/auth/register', {
      body: { name: 'Nul\u0000Tegn', email: 'nul@example.dk', password: 'hemmelig', role: 'customer', acceptTerms: true },
    });
    expect(register.status).toBe(400);
    const update = await identity.call('PUT', `/users/${customer.user.id}`, {
      as: asCaller(customer.user),
      body: { company: 'A\u0000S' },
    });
    expect(update.status).toBe(400);
    const search = await identity.call('GET', `/users?q=${encodeURIComponent('a\u0000b')}`, { as: admin });
    expect(search.status).toBe(400);
    const resolve = await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: 'a\u0000b' } });
    expect(resolve.status).toBe(401);
  });
});

describe('every endpoint with a user id', () => {
  const badIds = ['abc', '0', '-1', '1.5', '99999999999', '1e400', '%20', 'NaN', '0x1g'];
  for (const endpoint of endpoints.filter((e) => e.hasId)) {
    it.each(badIds)(`when ${name(endpoint)} gets the id %s, then 400 Ugyldigt bruger-id`, async (badId) => {
      const path = endpoint.path(1).replace(/\/1(\/|$)/, `/${badId}$1`);
      const reply = await identity.call(endpoint.method, path, { as: admin, body: endpoint.validBody });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ code: 'invalid_user_id', message: messages.invalidUserId });
    });
  }
});

describe('GET /users query', () => {
  it.each([
    'role=superuser',
    'role=customer&role=carrier',
    'page=0',
    'page=abc',
    'page=1.5',
    'limit=0',
    'limit=101',
    `q=${'x'.repeat(201)}`,
  ])('when the query is %s, then 400', async (query) => {
    const reply = await identity.call('GET', `/users?${query}`, { as: admin });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('invalid_input');
    expect(Object.values(messages)).toContain(reply.body.message);
  });

  it('when the page number is huge, then an empty page, not an error', async () => {
    const reply = await identity.call('GET', '/users?page=9007199254740991&limit=100', { as: admin });
    expect(reply.status).toBe(200);
    expect(reply.body.items).toEqual([]);
  });
});

describe('unknown routes', () => {
  it('when a path does not exist, then 404 Ikke fundet', async () => {
    const reply = await identity.call('GET', '/auth/nothing', { as: admin });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'not_found', message: messages.notFound });
  });
});

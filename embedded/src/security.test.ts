/**
 * Issue 8 (gateway half), probed the way an attacker would: raw paths that a browser would never send, bad session
 * cookies, forged X-Forwarded-For, and the headers on every kind of answer — against the real gateway in front of
 * the real services (embedded topology), plus gateways configured for a proxy in front and for tight limits.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { createGateway, loadGatewayConfig, type RunningGateway } from '@fragtbud/gateway';
import { createLogger, signInternalToken } from '@fragtbud/platform';
import { fakeFrontEnds } from './fake-front-ends';
import { startEmbedded, type EmbeddedTopology } from './topology';

const secret = 's'.repeat(64);
const logger = createLogger({ name: 'test', level: 'silent' });
const customer = { email: 'kunde@fragtbud.dk', password: 'demo1234' };
const loginLimit = 3;

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** One request with the path exactly as given: fetch() would resolve `..` and `%2e%2e` before sending. */
function raw(baseUrl: string, method: string, rawPath: string, headers: Record<string, string> = {}, body?: string): Promise<RawReply> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const sent = body === undefined ? headers : { 'content-length': String(Buffer.byteLength(body)), ...headers };
    const request = http.request({ hostname, port, method, path: rawPath, headers: sent, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

let topology: EmbeddedTopology;
let staticRoot: string;
/** TRUST_PROXY_HOPS=1: one TLS-terminating proxy in front that appends the address it saw. */
let proxied: { gateway: RunningGateway; url: string };
/** Small limits, so 429 and the oversize 400 are quick to reach. */
let tight: { gateway: RunningGateway; url: string };

async function extraGateway(env: Record<string, string>) {
  const urls = Object.fromEntries(topology.services.map((service) => [`${service.name.toUpperCase()}_URL`, service.url]));
  const gateway = createGateway({
    config: loadGatewayConfig({ ...urls, INTERNAL_TOKEN_SECRET: secret, PORT: '0', STATIC_ROOT: staticRoot, SESSION_CACHE_MS: '0', ...env }),
    logger,
  });
  const { url } = await gateway.listen();
  return { gateway, url };
}

beforeAll(async () => {
  staticRoot = fakeFrontEnds();
  topology = await startEmbedded({
    env: {
      PORT: '0',
      STATIC_ROOT: staticRoot,
      DEMO_SEED: '1',
      LOG_LEVEL: 'silent',
      SESSION_CACHE_MS: '0',
      INTERNAL_TOKEN_SECRET: secret,
      LOGIN_RATE_LIMIT: String(loginLimit),
    },
    dataDir: 'memory',
    logger,
  });
  proxied = await extraGateway({ TRUST_PROXY_HOPS: '1' });
  tight = await extraGateway({ API_RATE_LIMIT_PER_MINUTE: '3', MAX_BODY_BYTES: '1024' });
});

afterAll(async () => {
  await proxied?.gateway.close();
  await tight?.gateway.close();
  await topology?.close();
});

function expectSecurityHeaders(reply: { headers: http.IncomingHttpHeaders }) {
  expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['x-frame-options']).toBe('DENY');
  expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

let registered = 0;
/** A new customer of its own, so one test's failed logins never lock out another's account. */
async function freshAccount(): Promise<{ email: string; password: string }> {
  registered += 1;
  const account = { email: `sikkerhed.${Date.now()}.${registered}@example.dk`, password: 'hemmelig1' };
  const reply = await raw(topology.url, 'POST', '/api/auth/register', { 'content-type': 'application/json' }, JSON.stringify({ ...account, name: 'Sikker Kunde', role: 'customer', acceptTerms: true }));
  if (reply.status !== 201) throw new Error(`register answered ${reply.status}`);
  return account;
}

async function loginThrough(baseUrl: string, body: object, headers: Record<string, string> = {}) {
  return raw(baseUrl, 'POST', '/api/auth/login', { 'content-type': 'application/json', ...headers }, JSON.stringify(body));
}

describe('paths that try to leave /api/<service>', () => {
  it.each([
    ['GET', '/api/users/../metrics'],
    ['GET', '/api/users/%2e%2e/metrics'],
    ['GET', '/api/users/%2E%2e/metrics'],
    ['GET', '/api/bids/%2e%2e/readyz'],
    ['POST', '/api/users/%2e%2e/internal/sessions/resolve'],
    ['GET', '/api/users/.%2E/metrics'],
    ['GET', '/api/users/%252e%252e/metrics'],
    ['GET', '/api/users%2f..%2fmetrics'],
    ['GET', '/api/users/%2F..%2Fmetrics'],
    ['GET', '/api/users/%5c..%5cmetrics'],
    ['GET', '/api/users/%255c..%255cmetrics'],
    ['GET', '/api/users\\..\\metrics'],
    ['GET', '/api//users/me'],
  ])('when %s %s is sent, then 400 invalid_path in Danish and no service is reached', async (method, rawPath) => {
    const reply = await raw(topology.url, method, rawPath, { 'content-type': 'application/json' }, method === 'POST' ? '{"token":"x"}' : undefined);
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ code: 'invalid_path', message: messages.invalidPath });
    expect(reply.text).not.toContain('http_requests_total');
    expectSecurityHeaders(reply);
  });

  it('when an ordinary path carries escapes, then it is decoded once and still reaches its service', async () => {
    const reply = await raw(topology.url, 'GET', '/api/%74asks?page=1');
    expect(reply.status).toBe(200);
  });

  it('when a service is reached directly with the token the gateway signs for any browser, then its internal endpoints refuse', async () => {
    const browserToken = await signInternalToken({ secret, user: null, client: { ip: '203.0.113.1', https: false } });
    for (const service of topology.services) {
      for (const internalPath of ['/metrics', '/readyz']) {
        const reply = await raw(service.url, 'GET', internalPath, { 'x-internal-token': browserToken });
        expect(reply.status, `${service.name} ${internalPath}`).toBe(403);
        // Without any token only the probe answers, with its status alone (see topology.test.ts).
        if (internalPath === '/metrics') expect((await raw(service.url, 'GET', internalPath)).status).toBe(401);
      }
    }
    const identity = topology.services.find((service) => service.name === 'identity')!;
    const resolve = await raw(identity.url, 'POST', '/internal/sessions/resolve', { 'x-internal-token': browserToken, 'content-type': 'application/json' }, '{"token":"abc"}');
    expect(resolve.status).toBe(403);
  });
});

describe('bad session cookies', () => {
  it.each([
    ['a lone percent sign', 'session=%'],
    ['a broken UTF-8 escape', 'session=%E0%A4%A'],
    ['the cookie twice, both garbage', 'session=%; session=%zz'],
    ['a huge value', `session=${'a'.repeat(8_000)}`],
    ['a quoted empty value', 'session="'],
  ])('when the cookie holds %s, then the request is anonymous: 200 on public routes, 401 on private ones', async (_, cookie) => {
    const browse = await raw(topology.url, 'GET', '/api/tasks', { cookie });
    expect(browse.status).toBe(200);
    const profile = await raw(topology.url, 'GET', '/api/auth/profile', { cookie });
    expect(profile.status).toBe(401);
    expect(profile.json).toEqual({ code: 'unauthorized', message: messages.sessionExpired });
  });

  it('when a good cookie comes first and garbage after it, then the session holds', async () => {
    const login = await loginThrough(topology.url, customer);
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0];
    const profile = await raw(topology.url, 'GET', '/api/auth/profile', { cookie: `${cookie}; session=%` });
    expect(profile.status).toBe(200);
  });
});

describe('the session hint cookie (signed_in=1, readable by the page)', () => {
  it('comes with the login next to the HttpOnly session cookie, and goes with the logout', async () => {
    const login = await loginThrough(topology.url, customer);
    const [session, hint] = login.headers['set-cookie'] ?? [];
    expect(session).toMatch(/^session=.*HttpOnly/);
    expect(hint).toMatch(/^signed_in=1; Path=\/; SameSite=Lax; Max-Age=\d+$/);
    const logout = await raw(topology.url, 'POST', '/api/auth/logout', { cookie: String(session).split(';')[0] as string, 'sec-fetch-site': 'same-origin' });
    expect(logout.status).toBe(204);
    expect(logout.headers['set-cookie']).toContainEqual(expect.stringMatching(/^signed_in=;.*Max-Age=0/));
  });

  it('is handed to a browser whose session is older than the hint, with its next API call — and only then', async () => {
    const login = await loginThrough(topology.url, customer);
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0] as string;
    const withoutHint = await raw(topology.url, 'GET', '/api/tasks', { cookie });
    expect(withoutHint.status).toBe(200);
    expect(withoutHint.headers['set-cookie']).toEqual([expect.stringMatching(/^signed_in=1; Path=\/; SameSite=Lax; Max-Age=\d+$/)]);
    const withHint = await raw(topology.url, 'GET', '/api/tasks', { cookie: `${cookie}; signed_in=1` });
    expect(withHint.headers['set-cookie']).toBeUndefined();
    const anonymous = await raw(topology.url, 'GET', '/api/tasks');
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    const deadSession = await raw(topology.url, 'GET', '/api/auth/profile', { cookie: `session=${'x'.repeat(43)}` });
    expect(deadSession.status).toBe(401);
    expect(deadSession.headers['set-cookie']).toBeUndefined();
  });
});

describe('security headers on every answer', () => {
  it('when the gateway answers 404 for an unknown API path, then the headers are there', async () => {
    const reply = await raw(topology.url, 'GET', '/api/nothing-here');
    expect(reply.status).toBe(404);
    expectSecurityHeaders(reply);
  });

  it('when a cookie-authenticated write comes from another site, then the CSRF 403 has them', async () => {
    const login = await loginThrough(topology.url, customer);
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0];
    const reply = await raw(topology.url, 'POST', '/api/auth/logout', { cookie, origin: 'https://evil.example' });
    expect(reply.status).toBe(403);
    expect(reply.json.code).toBe('cross_site_request');
    expectSecurityHeaders(reply);
  });

  it('when the body is over the gateway limit, then the 400 has them', async () => {
    const reply = await raw(tight.url, 'POST', '/api/auth/login', { 'content-type': 'application/json' }, JSON.stringify({ email: 'x'.repeat(2_000) }));
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ code: 'payload_too_large', message: messages.payloadTooLarge });
    expectSecurityHeaders(reply);
  });

  it('when the gateway rate limit is hit, then 429 has them and Retry-After — a forged X-Forwarded-For does not help', async () => {
    let last: RawReply | undefined;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      last = await raw(tight.url, 'GET', '/api/tasks', { 'x-forwarded-for': `198.51.100.${attempt}` });
    }
    expect(last!.status).toBe(429);
    expect(last!.json.code).toBe('rate_limited');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expectSecurityHeaders(last!);
  });

  it('when a static file, a deep link, a missing file or a service answer is served, then each has them', async () => {
    for (const rawPath of ['/remotes/mfe-admin/remoteEntry.js', '/dashboard', '/remotes/mfe-admin/nothing.js', '/api/tasks', '/api/health']) {
      const reply = await raw(topology.url, 'GET', rawPath);
      expect([200, 404], rawPath).toContain(reply.status);
      expectSecurityHeaders(reply);
    }
  });
});

describe('client address behind proxies', () => {
  it('when TRUST_PROXY_HOPS is 0, then a forged X-Forwarded-For never escapes the login lockout', async () => {
    const account = await freshAccount();
    for (let attempt = 0; attempt < loginLimit; attempt += 1) {
      const reply = await loginThrough(topology.url, { ...account, password: 'forkert' }, { 'x-forwarded-for': `10.9.${attempt}.1` });
      expect(reply.status).toBe(401);
    }
    const locked = await loginThrough(topology.url, account, { 'x-forwarded-for': '10.9.99.1' });
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe('too_many_attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expectSecurityHeaders(locked);
  });

  it('when TRUST_PROXY_HOPS is 1, then the address is the one the proxy appended, whatever the client wrote left of it', async () => {
    const victim = await freshAccount();
    for (let attempt = 0; attempt < loginLimit; attempt += 1) {
      const forwarded = `10.${attempt}.0.1, 192.0.2.10`;
      expect((await loginThrough(proxied.url, { ...victim, password: 'forkert' }, { 'x-forwarded-for': forwarded })).status).toBe(401);
    }
    const locked = await loginThrough(proxied.url, victim, { 'x-forwarded-for': '10.77.0.1, 192.0.2.10' });
    expect(locked.status).toBe(429);
    // Another real client (another address appended by the proxy) is not locked out by the first one's failures.
    expect((await loginThrough(proxied.url, victim, { 'x-forwarded-for': '192.0.2.11' })).status).toBe(200);
  });

  it('when the entry where the address should be is no address at all, then the socket address is used and the call works', async () => {
    const reply = await loginThrough(proxied.url, { ...customer, password: 'forkert' }, { 'x-forwarded-for': 'x'.repeat(150) });
    expect(reply.status).toBe(401);
    expect(reply.json.code).toBe('invalid_credentials');
  });
});

describe('session transport', () => {
  it('when a browser logs in, then the token is only in the HttpOnly cookie, and the cookie alone keeps it signed in', async () => {
    const login = await loginThrough(topology.url, customer);
    expect(login.status).toBe(200);
    expect(login.json).not.toHaveProperty('token');
    const setCookie = String(login.headers['set-cookie']?.[0]);
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(';')[0]!;
    expect((await raw(topology.url, 'GET', '/api/auth/profile', { cookie })).status).toBe(200);
    const logout = await raw(topology.url, 'POST', '/api/auth/logout', { cookie, 'sec-fetch-site': 'same-origin' });
    expect(logout.status).toBe(204);
    expect((await raw(topology.url, 'GET', '/api/auth/profile', { cookie })).status).toBe(401);
  });

  it('when an API client asks with X-Session-Transport: bearer, then it gets the token to send as Bearer', async () => {
    const login = await loginThrough(topology.url, customer, { 'x-session-transport': 'bearer' });
    expect(login.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await raw(topology.url, 'GET', '/api/auth/profile', { authorization: `Bearer ${login.json.token}` })).status).toBe(200);
  });

  it('when the trusted proxy says HTTPS, then the cookie is __Host-session and Secure, and the gateway reads it', async () => {
    const admin = { email: 'admin@fragtbud.dk', password: 'demo1234' };
    const login = await loginThrough(proxied.url, admin, { 'x-forwarded-for': '192.0.2.20', 'x-forwarded-proto': 'https' });
    expect(login.status).toBe(200);
    const setCookie = String(login.headers['set-cookie']?.[0]);
    expect(setCookie).toMatch(/^__Host-session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    const cookie = setCookie.split(';')[0]!;
    const profile = await raw(proxied.url, 'GET', '/api/auth/profile', { cookie, 'x-forwarded-for': '192.0.2.20', 'x-forwarded-proto': 'https' });
    expect(profile.status).toBe(200);
    expect(profile.json.user.email).toBe(admin.email);
  });

  it('when the same forwarded proto comes to a gateway that trusts no proxy, then the cookie stays the plain one', async () => {
    const login = await loginThrough(topology.url, customer, { 'x-forwarded-proto': 'https' });
    expect(String(login.headers['set-cookie']?.[0])).toMatch(/^session=/);
  });
});

describe("'Log ud af alle andre' through the gateway", () => {
  it('when a user ends their other sessions, then those tokens are refused at once, not after the session cache runs out', async () => {
    const caching = await extraGateway({ SESSION_CACHE_MS: '60000' });
    try {
      const account = await freshAccount();
      const bearer = { 'x-session-transport': 'bearer' };
      const other = (await loginThrough(caching.url, account, bearer)).json.token as string;
      const mine = (await loginThrough(caching.url, account, bearer)).json.token as string;
      // The gateway has resolved (and cached for a minute) the other session.
      expect((await raw(caching.url, 'GET', '/api/auth/profile', { authorization: `Bearer ${other}` })).status).toBe(200);
      const ended = await raw(caching.url, 'DELETE', '/api/auth/sessions', { authorization: `Bearer ${mine}` });
      expect(ended.status).toBe(200);
      expect(ended.json.ended).toBeGreaterThanOrEqual(1);
      expect((await raw(caching.url, 'GET', '/api/auth/profile', { authorization: `Bearer ${other}` })).status).toBe(401);
      expect((await raw(caching.url, 'GET', '/api/auth/profile', { authorization: `Bearer ${mine}` })).status).toBe(200);
    } finally {
      await caching.gateway.close();
    }
  });
});

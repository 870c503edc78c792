import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, loadGatewayConfig } from '@fragtbud/gateway';
import { createLogger, signInternalToken } from '@fragtbud/platform';
import { fakeFrontEnds } from './fake-front-ends';
import { taskBody } from './testing/world';
import { startEmbedded, type EmbeddedTopology } from './topology';

const secret = 'e'.repeat(64);
let topology: EmbeddedTopology;
let api: (path: string, init?: RequestInit) => Promise<Response>;
// Bodies are read loosely here; the assertions say what must be in them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (response: Response): Promise<any> => response.json();

beforeAll(async () => {
  topology = await startEmbedded({
    env: { PORT: '0', STATIC_ROOT: fakeFrontEnds(), DEMO_SEED: '1', LOG_LEVEL: 'silent', SESSION_CACHE_MS: '0', INTERNAL_TOKEN_SECRET: secret },
    dataDir: 'memory',
    logger: createLogger({ name: 'test', level: 'silent' }),
  });
  api = (p, init) => fetch(`${topology.url}${p}`, init);
});

afterAll(async () => {
  await topology?.close();
});

describe('embedded topology', () => {
  it('when every service runs, then /api/health says ok for each of the six', async () => {
    const response = await api('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      services: { identity: 'ok', tasks: 'ok', bids: 'ok', payments: 'ok', chat: 'ok', ledger: 'ok' },
    });
  });

  it('when a service is asked directly, then /healthz and /readyz (status only) are open, readiness checks and metrics answer a service token only', async () => {
    const asService = { headers: { 'x-internal-token': await signInternalToken({ secret, user: null, service: 'prometheus' }) } };
    for (const service of topology.services) {
      expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
      const probe = await fetch(`${service.url}/readyz`);
      expect(probe.status).toBe(200);
      expect(Object.keys((await probe.json()) as object)).toEqual(['status']);
      expect((await fetch(`${service.url}/metrics`)).status).toBe(401);
      const detailed = await fetch(`${service.url}/readyz`, asService);
      expect(detailed.status).toBe(200);
      expect(await detailed.json()).toHaveProperty('checks');
      expect(await (await fetch(`${service.url}/metrics`, asService)).text()).toContain('http_requests_total');
    }
  });

  it('when a service is called without the gateway, then it refuses', async () => {
    const identity = topology.services.find((service) => service.name === 'identity')!;
    const response = await fetch(`${identity.url}/auth/profile`);
    expect(response.status).toBe(401);
  });

  it('when a deep link is opened, then the shell is served with a content security policy', async () => {
    const response = await api('/AdminDashboard?tab=users');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('shell');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('when a page with its own landing HTML is opened, then that copy is served, and every other page gets index.html', async () => {
    const landing = await api('/BrowseTasks?q=aarhus');
    expect([landing.status, await landing.text(), landing.headers.get('cache-control')]).toEqual([
      200,
      '<!doctype html><html><body>browse</body></html>',
      'no-cache',
    ]);
    expect(await (await api('/')).text()).toContain('shell');
    expect(await (await api('/task/12')).text()).toContain('shell');
  });

  it('when the shell asks for the runtime manifest, then it names the three remotes', async () => {
    const manifest = await json(await api('/mf-manifest.json'));
    expect(manifest.remotes).toEqual({
      mfe_customer: '/remotes/mfe-customer/remoteEntry.js',
      mfe_carrier: '/remotes/mfe-carrier/remoteEntry.js',
      mfe_admin: '/remotes/mfe-admin/remoteEntry.js',
    });
    expect((await api('/remotes/mfe-admin/remoteEntry.js')).status).toBe(200);
    expect((await api('/remotes/mfe-admin/../../package.json')).status).toBe(404);
  });

  it('when an unknown API path is asked for, then the answer is a Danish 404', async () => {
    const response = await api('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'not_found', message: 'Ikke fundet' });
  });

  it('when the API contract is asked for, then OpenAPI lists the identity endpoints and the docs render offline', async () => {
    const document = await json(await api('/api/openapi.json'));
    expect(document.openapi).toBe('3.0.3');
    expect(document.paths['/auth/login'].post.requestBody).toBeDefined();
    expect(document.paths['/auth/login'].post.parameters).toContainEqual(expect.objectContaining({ name: 'x-session-transport', in: 'header' }));
    expect(document.paths['/users'].get.parameters.map((parameter: { name: string }) => parameter.name)).toContain('role');
    const docs = await api('/api/docs');
    expect(await docs.text()).toContain('/api/docs/swagger-ui-bundle.js');
    expect((await api('/api/docs/swagger-ui-bundle.js')).status).toBe(200);
  });

  it('when a customer registers through the gateway, then the cookie session works until logout revokes it', async () => {
    const email = `kunde-${Date.now()}@example.dk`;
    const registered = await api('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Mette Kunde', email, password: 'hemmelig1', role: 'customer', acceptTerms: true }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.get('set-cookie')?.split(';')[0];
    expect(cookie).toMatch(/^session=/);

    const profile = await api('/api/auth/profile', { headers: { cookie: cookie! } });
    expect(profile.status).toBe(200);
    expect((await json(profile)).user.email).toBe(email);

    const crossSite = await api('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: cookie!, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);

    const logout = await api('/api/auth/logout', { method: 'POST', headers: { cookie: cookie!, origin: topology.url } });
    expect(logout.status).toBe(204);
    expect((await api('/api/auth/profile', { headers: { cookie: cookie! } })).status).toBe(401);
  });

  it('when visitors browse anonymously, then repeats come from the gateway\'s memory, and a write through it shows at once', async () => {
    const first = await api('/api/tasks?type=moving');
    expect(first.headers.get('age')).toBeNull();
    const again = await api('/api/tasks?type=moving');
    expect(again.headers.get('age')).toBe('0');
    expect(await json(again)).toEqual(await json(first));

    const login = await api('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-transport': 'bearer' },
      body: JSON.stringify({ email: 'kunde@fragtbud.dk', password: 'demo1234' }),
    });
    const signedIn = { authorization: `Bearer ${(await json(login)).token}` };
    // A signed-in caller's browse is never shared.
    expect((await api('/api/tasks?type=moving', { headers: signedIn })).headers.get('age')).toBeNull();
    const created = await api('/api/tasks', {
      method: 'POST',
      headers: { ...signedIn, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(taskBody),
    });
    expect(created.status).toBe(201);
    const after = await api('/api/tasks?type=moving');
    expect(after.headers.get('age')).toBeNull();
    expect((await json(after)).items.map((task: { id: number }) => task.id)).toContain((await json(created)).id);
  });

  it('when a client accepts compression, then API answers over 1 KB come compressed and small ones as they are', async () => {
    for (const encoding of ['br', 'gzip']) {
      const docs = await api('/api/openapi.json', { headers: { 'accept-encoding': encoding } });
      expect(docs.headers.get('content-encoding')).toBe(encoding);
      expect((await json(docs)).openapi).toMatch(/^3\./);
    }
    const health = await api('/api/health', { headers: { 'accept-encoding': 'br' } });
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(await json(health)).toMatchObject({ status: 'ok' });
  });

  it('when a service runs in the gateway\'s process, then API calls reach it without its socket', async () => {
    const tasks = topology.services.find((service) => service.name === 'tasks')!;
    // Its address is a port nobody listens on: only the in-process hand-over can answer.
    const gatewayWith = async (inProcess: Parameters<typeof createGateway>[0]['inProcess']) => {
      const gateway = createGateway({
        config: loadGatewayConfig({ ...topology.gatewayEnv, TASKS_URL: 'http://127.0.0.1:1', PORT: '0' }),
        logger: createLogger({ name: 'test', level: 'silent' }),
        inProcess,
      });
      const { url } = await gateway.listen();
      try {
        const response = await fetch(`${url}/api/tasks?limit=1`);
        return { status: response.status, body: await json(response) };
      } finally {
        await gateway.close();
      }
    };
    expect(await gatewayWith({ tasks: tasks.inProcess })).toMatchObject({ status: 200, body: { items: expect.any(Array) } });
    expect(await gatewayWith(undefined)).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
  });

  it('when a service is down, then the gateway answers a Danish 503 and health names it', async () => {
    const ledger = topology.services.find((service) => service.name === 'ledger')!;
    await ledger.close();
    const health = await api('/api/health');
    expect(health.status).toBe(503);
    expect((await json(health)).services).toMatchObject({ ledger: 'down', identity: 'ok' });
    const response = await api('/api/pricing/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/utilgængelig/) });
  });
});

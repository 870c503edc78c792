import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import { messages, type AuthUser } from '@fragtbud/contracts';
import { SignJWT } from 'jose';
import Koa from 'koa';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { requireRole, requireUser } from './auth-context';
import { baseConfigSchema, loadConfig, type BaseConfig } from './config';
import { consume } from './consumer';
import { createService, migrateService, type RunningService } from './create-service';
import { operationalEndpoints } from './health';
import { internalTokenAudience, signInternalToken } from './internal-token';
import { runStandalone } from './run-standalone';
import { createLogger } from './logger';
import { eventMetaOf } from './request-context';
import { defineService, type ServiceDeps } from './service-definition';
import { createTestClient, type TestClient } from './test-client';
import { createTestInfra, type TestInfra } from './testing';
import { parseBody, parseIdParam, parseInput, parseParams, parseQuery } from './validation';

const carrier: AuthUser = { id: 2, role: 'carrier', approved: true, blocked: false, name: 'Fragt ApS', email: 'f@example.dk' };
const admin: AuthUser = { ...carrier, id: 1, role: 'admin', name: 'Admin' };

const signupSchema = z.object({
  name: z.string({ error: messages.nameRequired }).min(1, messages.nameRequired),
  email: z.email({ error: messages.emailInvalid }),
  age: z.number().int().optional(),
});
const detailsSchema = z.object({ size: z.enum(['small', 'large'], { error: messages.invalidChoice }) }, { error: messages.invalidInput });

function testRoutes({ db }: ServiceDeps) {
  const router = new Router();
  router.post('/echo', (ctx) => {
    ctx.body = parseBody(ctx, z.object({ name: z.string().min(1) }));
  });
  router.post('/signup', (ctx) => {
    ctx.body = parseBody(ctx, signupSchema);
  });
  router.put('/profile', (ctx) => {
    ctx.body = { changes: parseBody(ctx, z.object({ name: z.string() }).partial()) };
  });
  router.put('/profile-strict', (ctx) => {
    ctx.body = { changes: parseBody(ctx, z.object({ name: z.string() }).partial(), { nullAsEmpty: false }) };
  });
  router.post('/tasks', (ctx) => {
    const { details } = parseBody(ctx, z.object({ details: z.unknown() }));
    ctx.body = parseInput(detailsSchema, details, { pathPrefix: ['details'] });
  });
  router.get('/tasks/:id', (ctx) => {
    const id = parseIdParam(ctx, z.coerce.number().int().positive().max(2_147_483_647), messages.invalidTaskId, 'invalid_task_id');
    ctx.body = { id, meta: eventMetaOf(ctx) };
  });
  router.post('/notes', async (ctx) => {
    const note = parseBody(ctx, z.object({ title: z.string(), body: z.string(), n: z.number() }).partial());
    await db('notes').insert(note);
    ctx.status = 201;
  });
  router.get('/cast', async (ctx) => {
    const { value } = parseQuery(ctx, z.object({ value: z.string() }));
    ctx.body = (await db.raw('select ?::integer as n', [value])).rows[0];
  });
  router.get('/missing-table', async () => {
    await db('no_such_table').select();
  });
  router.get('/items/:id', (ctx) => {
    const { id } = parseParams(ctx, z.object({ id: z.coerce.number().int().positive() }));
    const { page } = parseQuery(ctx, z.object({ page: z.coerce.number().int().default(1) }));
    ctx.body = { id, page };
  });
  router.get('/db-gone/:kind', (ctx) => {
    const errors: Record<string, Error> = {
      terminated: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      refused: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      lost: new Error('Connection terminated unexpectedly'),
      pool: Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' }),
    };
    throw errors[ctx.params.kind as string] ?? new Error('other');
  });
  router.get('/own-backend-killed', async () => {
    await db.raw('select pg_terminate_backend(pg_backend_pid())');
  });
  router.get('/conflict', () => {
    throw new AppError({ status: 409, code: 'bid_limit_reached', message: 'Der kan ikke afgives flere bud på opgaven.' });
  });
  router.get('/boom', () => {
    throw new Error('secret internals');
  });
  router.get('/raw-zod', () => {
    z.object({ a: z.string() }).parse({});
  });
  router.get('/koa-throw', (ctx) => ctx.throw(400, 'bad'));
  router.get('/me', (ctx) => {
    ctx.body = { user: requireUser(ctx), requestId: ctx.state.requestId };
  });
  router.get('/admin', (ctx) => {
    ctx.body = requireRole(ctx, 'admin');
  });
  router.get('/caller', (ctx) => {
    ctx.body = { user: ctx.state.user, service: ctx.state.callerService ?? null, client: ctx.state.client ?? null };
  });
  router.get('/internal/ping', (ctx) => {
    ctx.body = { pong: ctx.state.callerService };
  });
  router.get('/busy', () => {
    throw AppError.tooManyRequests();
  });
  router.get('/busy-for-a-while', () => {
    throw new AppError({ status: 429, code: 'too_many_attempts', message: messages.tooManyLoginAttempts, retryAfterSeconds: 900 });
  });
  router.post('/webhook', (ctx) => {
    ctx.body = { raw: ctx.request.rawBody };
  });
  return router;
}

const testService = defineService({
  name: 'websvc',
  routes: (deps) => [testRoutes(deps)],
  consumers: () => [consume({ durable: 'pings', subjects: ['websvc.ping.sent'], handle: async () => undefined })],
});

describe('createService', () => {
  let infra: TestInfra;
  let config: BaseConfig;
  let service: RunningService;
  let url: string;
  let client: TestClient;
  const logLines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    infra = await createTestInfra('websvc');
    config = loadConfig(baseConfigSchema, infra.env);
    await infra.database.knex.schema.createTable('notes', (table) => {
      table.string('title', 5);
      table.text('body');
      table.integer('n');
    });
    const logger = createLogger({
      name: 'websvc',
      level: 'info',
      destination: { write: (line: string) => void logLines.push(JSON.parse(line)) },
    });
    service = await createService(testService, { config, database: infra.database, bus: infra.bus, logger, bodyLimit: 1024 });
    ({ url } = await service.listen());
    client = createTestClient({ url, secret: config.INTERNAL_TOKEN_SECRET });
  });

  afterAll(async () => {
    await service.close();
    await infra.close();
  });

  async function call(path: string, init: RequestInit & { user?: AuthUser | null; token?: string | null } = {}) {
    const { user = null, token, ...rest } = init;
    const headers = new Headers(rest.headers);
    const internalToken = token === undefined ? await signInternalToken({ secret: config.INTERNAL_TOKEN_SECRET, user }) : token;
    if (internalToken) headers.set('x-internal-token', internalToken);
    const response = await fetch(`${url}${path}`, { ...rest, headers });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json');
    return { status: response.status, headers: response.headers, text, body: isJson ? JSON.parse(text) : undefined };
  }

  const postJson = (path: string, body: string, extra: RequestInit = {}) =>
    call(path, { method: 'POST', body, headers: { 'content-type': 'application/json' }, ...extra });

  describe('listen', () => {
    it('when started, then it listens on loopback on an OS-chosen port', () => {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    });
  });

  describe('error middleware', () => {
    it('when the JSON is malformed, then 400 invalid_json', async () => {
      const { status, body } = await postJson('/echo', '{"name": ');
      expect(status).toBe(400);
      expect(body).toEqual({ code: 'invalid_json', message: 'Ugyldig JSON i forespørgslen.' });
    });

    it('when the body is over the limit, then 400 payload_too_large', async () => {
      const { status, body } = await postJson('/echo', JSON.stringify({ name: 'x'.repeat(2_000) }));
      expect(status).toBe(400);
      expect(body).toEqual({ code: 'payload_too_large', message: 'Forespørgslen er for stor.' });
    });

    it('when a body far over the limit is refused, then the connection closes and the next request is answered', async () => {
      const refused = await postJson('/echo', JSON.stringify({ name: 'x'.repeat(3_000_000) }));
      expect(refused.status).toBe(400);
      const next = await postJson('/echo', JSON.stringify({ name: 'Mette' }));
      expect(next.status).toBe(200);
    });

    it('when the body fails the zod schema, then 400 invalid_input with the fields', async () => {
      const { status, body } = await postJson('/echo', JSON.stringify({ name: '' }));
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'invalid_input', message: 'Ugyldige felter', details: [{ path: 'name' }] });
      expect(typeof body.details[0].message).toBe('string');
    });

    it('when there is no body at all, then the schema decides (400, not 500)', async () => {
      const { status, body } = await call('/echo', { method: 'POST' });
      expect(status).toBe(400);
      expect(body.code).toBe('invalid_input');
    });

    it('when params or query are wrong, then 400 invalid_input; when right, they are parsed', async () => {
      expect((await call('/items/abc')).body).toMatchObject({ code: 'invalid_input', details: [{ path: 'id' }] });
      expect((await call('/items/5?page=x')).body).toMatchObject({ code: 'invalid_input', details: [{ path: 'page' }] });
      expect((await call('/items/5?page=2')).body).toEqual({ id: 5, page: 2 });
    });

    it('when a ZodError escapes a route, then it is still 400 invalid_input', async () => {
      const { status, body } = await call('/raw-zod');
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'invalid_input', message: 'Ugyldige felter', details: [{ path: 'a' }] });
    });

    it('when Koa throws a 4xx, then it stays a 4xx with the error body', async () => {
      const { status, body } = await call('/koa-throw');
      expect(status).toBe(400);
      expect(body.code).toBe('bad_request');
    });

    it('when the route is unknown, then 404 not_found', async () => {
      const { status, body } = await call('/nowhere');
      expect(status).toBe(404);
      expect(body).toEqual({ code: 'not_found', message: 'Ikke fundet' });
    });

    it('when a route throws an AppError, then its status, code and message are answered', async () => {
      const { status, body } = await call('/conflict');
      expect(status).toBe(409);
      expect(body).toEqual({ code: 'bid_limit_reached', message: 'Der kan ikke afgives flere bud på opgaven.' });
    });

    it('when a route throws anything else, then 500 with a generic message, and the error is logged with the request id', async () => {
      const { status, body, text, headers } = await call('/boom', { headers: { 'x-request-id': 'req-boom-1' } });
      expect(status).toBe(500);
      expect(body).toEqual({ code: 'internal_error', message: messages.somethingWentWrong });
      expect(text).not.toContain('secret internals');
      expect(headers.get('x-request-id')).toBe('req-boom-1');
      const logged = logLines.find((line) => line.reqId === 'req-boom-1' && line.level === 50);
      expect(JSON.stringify(logged)).toContain('secret internals');
    });
  });

  describe('validation answers', () => {
    it('when fields break rules with catalogue texts, then the first one is the message and each field has its Danish text', async () => {
      const { status, body } = await client.call('POST', '/signup', { body: { name: '', email: 'x', age: 'gammel' } });
      expect(status).toBe(400);
      expect(body).toEqual({
        code: 'invalid_input',
        message: messages.nameRequired,
        details: [
          { path: 'name', message: messages.nameRequired },
          { path: 'email', message: messages.emailInvalid },
          { path: 'age', message: messages.invalidInput },
        ],
      });
    });

    it("when the first problem has only zod's English text, then the message is 'Ugyldige felter' and no English reaches the client", async () => {
      const { body } = await client.call('POST', '/signup', { body: { name: 'Mette', email: 'mette@example.dk', age: 1.5 } });
      expect(body).toEqual({ code: 'invalid_input', message: messages.invalidInput, details: [{ path: 'age', message: messages.invalidInput }] });
      const escaped = await client.call('GET', '/raw-zod');
      expect(escaped.body.details).toEqual([{ path: 'a', message: messages.invalidInput }]);
    });

    it('when the body is JSON null, then it counts as no body unless the route says otherwise', async () => {
      expect(await client.call('PUT', '/profile', { raw: 'null' })).toMatchObject({ status: 200, body: { changes: {} } });
      expect(await client.call('PUT', '/profile')).toMatchObject({ status: 200, body: { changes: {} } });
      expect(await client.call('PUT', '/profile-strict')).toMatchObject({ status: 200, body: { changes: {} } });
      const strict = await client.call('PUT', '/profile-strict', { raw: 'null' });
      expect(strict.status).toBe(400);
      expect(strict.body).toMatchObject({ code: 'invalid_input', message: messages.invalidInput, details: [{ path: '' }] });
    });

    it('when a part of the body is parsed on its own, then the paths point into that part', async () => {
      const wrongChoice = await client.call('POST', '/tasks', { body: { details: { size: 'kæmpe' } } });
      expect(wrongChoice.body).toEqual({
        code: 'invalid_input',
        message: messages.invalidChoice,
        details: [{ path: 'details.size', message: messages.invalidChoice }],
      });
      const notAnObject = await client.call('POST', '/tasks', { body: { details: [1, 2] } });
      expect(notAnObject.body.details).toEqual([{ path: 'details', message: messages.invalidInput }]);
      expect((await client.call('POST', '/tasks', { body: { details: { size: 'small' } } })).body).toEqual({ size: 'small' });
    });

    it("when an id param is refused, then 400 with that id's own message and code; when fine, events get the request id", async () => {
      for (const badId of ['abc', '0', '1.5', '99999999999']) {
        const { status, body } = await client.call('GET', `/tasks/${badId}`);
        expect(status, badId).toBe(400);
        expect(body).toEqual({ code: 'invalid_task_id', message: messages.invalidTaskId });
      }
      const ok = await client.call('GET', '/tasks/7', { headers: { 'x-request-id': 'req-meta-1' } });
      expect(ok.body).toEqual({ id: 7, meta: { correlationId: 'req-meta-1' } });
    });
  });

  describe('database errors a client can cause', () => {
    it.each([
      ['text with a NUL character', { body: 'før\u0000efter' }],
      ['text longer than its column', { title: 'x'.repeat(6) }],
      ['a number beyond the column', { n: 2 ** 40 }],
    ])('when a route stores %s, then 400 invalid_input, not 500', async (_, note) => {
      const { status, body } = await client.call('POST', '/notes', { body: note });
      expect(status).toBe(400);
      expect(body).toEqual({ code: 'invalid_input', message: messages.invalidInput });
      expect((await client.call('POST', '/notes', { body: { title: 'ok', body: 'fin tekst', n: 3 } })).status).toBe(201);
    });

    it('when text cannot be read as the type it is cast to, then 400; other database errors stay 500', async () => {
      expect(await client.call('GET', '/cast?value=tolv')).toMatchObject({ status: 400, body: { code: 'invalid_input', message: messages.invalidInput } });
      expect(await client.call('GET', '/cast?value=12')).toMatchObject({ status: 200, body: { n: 12 } });
      expect(await client.call('GET', '/missing-table')).toMatchObject({ status: 500, body: { code: 'internal_error' } });
    });
  });

  describe('database connection loss', () => {
    it.each(['terminated', 'refused', 'lost', 'pool'])('when the database connection is %s, then 503 with the Danish try-again, never 500', async (kind) => {
      expect(await client.call('GET', `/db-gone/${kind}`)).toMatchObject({
        status: 503,
        body: { code: 'service_unavailable', message: 'Tjenesten er midlertidigt utilgængelig. Prøv igen om lidt.' },
      });
    });

    it.runIf(process.env.TEST_DATABASE_URL)('when PostgreSQL terminates the backend mid-request, then 503, and the next request gets a new connection', async () => {
      expect(await client.call('GET', '/own-backend-killed')).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
      expect(await client.call('GET', '/cast?value=12')).toMatchObject({ status: 200, body: { n: 12 } });
    });
  });

  describe('createTestClient', () => {
    it('when calling as a user, as a service, anonymously or without a token, then the token says so', async () => {
      expect((await client.call('GET', '/caller', { as: carrier })).body).toEqual({ user: carrier, service: null, client: null });
      expect((await client.call('GET', '/caller', { as: carrier, service: 'bids' })).body).toEqual({
        user: null,
        service: 'bids',
        client: null,
      });
      expect((await client.call('GET', '/caller', { service: 'gateway', actingFor: carrier })).body).toEqual({
        user: carrier,
        service: 'gateway',
        client: null,
      });
      expect((await client.call('GET', '/caller')).body).toEqual({ user: null, service: null, client: null });
      expect((await client.call('GET', '/caller', { client: { ip: '203.0.113.7', https: true } })).body).toEqual({
        user: null,
        service: null,
        client: { ip: '203.0.113.7', https: true },
      });
      expect((await client.call('GET', '/caller', { withoutInternalToken: true })).status).toBe(401);
    });

    it('when raw text and headers are given, then they are sent as they are; a non-JSON answer comes back as text', async () => {
      const raw = '{"b": 2,  "a": "æøå"}';
      const sent = await client.call('POST', '/webhook', { raw, headers: { 'content-type': 'application/merge-patch+json' } });
      expect(sent.body).toEqual({ raw });
      const metrics = await client.call<string>('GET', '/metrics', { service: 'prometheus' });
      expect(typeof metrics.body).toBe('string');
      expect(metrics.body).toContain('http_requests_total');
      expect((await client.call('DELETE', '/nowhere')).body).toEqual({ code: 'not_found', message: messages.notFound });
    });
  });

  describe('Retry-After', () => {
    it('when a route answers 429 without saying when, then Retry-After is a minute', async () => {
      const reply = await client.call('GET', '/busy');
      expect(reply.status).toBe(429);
      expect(reply.headers.get('retry-after')).toBe('60');
    });

    it('when the error knows how long to wait, then Retry-After says so', async () => {
      const reply = await client.call('GET', '/busy-for-a-while');
      expect(reply).toMatchObject({ status: 429, body: { code: 'too_many_attempts' } });
      expect(reply.headers.get('retry-after')).toBe('900');
    });
  });

  describe('request id and logging', () => {
    it('when the gateway sends x-request-id, then it is echoed and on every log line of the request', async () => {
      const { headers, body } = await call('/me', { user: carrier, headers: { 'x-request-id': 'req-abc' } });
      expect(headers.get('x-request-id')).toBe('req-abc');
      expect(body.requestId).toBe('req-abc');
      expect(logLines.filter((line) => line.reqId === 'req-abc').map((line) => line.msg)).toContain('request');
    });

    it('when none is sent (or a bad one), then a new uuid is used', async () => {
      const { headers } = await call('/me', { user: carrier, headers: { 'x-request-id': 'bad id\twith spaces' } });
      expect(headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('internal token and auth context', () => {
    it('when the token is missing, then 401 invalid_internal_token', async () => {
      const { status, body } = await call('/me', { token: null });
      expect(status).toBe(401);
      expect(body).toEqual({ code: 'invalid_internal_token', message: messages.sessionExpired });
    });

    it('when the token is forged, then 401', async () => {
      const forged = await signInternalToken({ secret: 'z'.repeat(32), user: admin });
      expect((await call('/admin', { token: forged })).status).toBe(401);
    });

    it('when the token is expired, then 401', async () => {
      const expired = await new SignJWT({ user: admin })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(internalTokenAudience)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
        .sign(new TextEncoder().encode(config.INTERNAL_TOKEN_SECRET));
      expect((await call('/admin', { token: expired })).status).toBe(401);
    });

    it('when the token carries a user, then routes see it', async () => {
      const { status, body } = await call('/me', { user: carrier });
      expect(status).toBe(200);
      expect(body.user).toEqual(carrier);
    });

    it('when an anonymous caller needs a user, then 401 unauthorized', async () => {
      const { status, body } = await call('/me', { user: null });
      expect(status).toBe(401);
      expect(body).toEqual({ code: 'unauthorized', message: 'Session udløbet – log ind igen' });
    });

    it('when the role does not fit, then 403 forbidden; when it does, then 200', async () => {
      const { status, body } = await call('/admin', { user: carrier });
      expect(status).toBe(403);
      expect(body).toEqual({ code: 'forbidden', message: 'Du har ikke adgang til denne handling' });
      expect((await call('/admin', { user: admin })).status).toBe(200);
    });

    it('when a JSON body arrives, then the raw text is kept too', async () => {
      const raw = '{"a": 1,  "b": "æøå"}';
      const { body } = await postJson('/webhook', raw, { user: null } as RequestInit);
      expect(body.raw).toBe(raw);
    });
  });

  describe('operational endpoints', () => {
    const serviceToken = () => signInternalToken({ secret: config.INTERNAL_TOKEN_SECRET, user: null, service: 'gateway' });

    it('when /healthz is asked without a token, then it answers 200 (container liveness)', async () => {
      expect(await call('/healthz', { token: null })).toMatchObject({ status: 200, body: { status: 'ok' } });
    });

    it('when /readyz is asked with a service token, then it answers 200 with its checks', async () => {
      expect(await call('/readyz', { token: await serviceToken() })).toMatchObject({
        status: 200,
        body: { status: 'ready', checks: { database: true, bus: true } },
      });
    });

    it('when /readyz is asked without a token (an orchestrator probe), then it answers 200 with its status only', async () => {
      const { status, body } = await call('/readyz', { token: null });
      expect(status).toBe(200);
      expect(body).toEqual({ status: 'ready' });
    });

    it('when /readyz is asked with a user token or a bad token, then it is still refused (403 / 401)', async () => {
      expect((await call('/readyz', { user: admin })).status).toBe(403);
      expect(await call('/readyz', { token: 'not-a-token' })).toMatchObject({ status: 401, body: { code: 'invalid_internal_token' } });
    });

    it.each(['/readyz', '/metrics', '/internal/ping'])(
      'when %s is asked with the token the gateway signs for a user, then 403; with a service token, then 200',
      async (path) => {
        if (path !== '/readyz') expect(await call(path, { token: null })).toMatchObject({ status: 401, body: { code: 'invalid_internal_token' } });
        expect(await call(path, { user: null })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
        expect(await call(path, { user: admin })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
        expect((await call(path, { token: await serviceToken() })).status).toBe(200);
      },
    );

    it.each(['/INTERNAL/ping', '/internal/ping/', '//internal/ping', '/%69nternal/ping', '/Metrics', '/readyz/'])(
      'when an internal endpoint is asked as %s with a user token, then it is refused like the plain path',
      async (path) => {
        expect((await call(path, { user: admin })).status).toBe(403);
      },
    );

    it('when /metrics is scraped, then it has default metrics and requests by route pattern and status', async () => {
      await call('/items/77');
      const { status, text, headers } = await call('/metrics', { token: await serviceToken() });
      expect(status).toBe(200);
      expect(headers.get('content-type')).toContain('text/plain');
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toMatch(/http_requests_total\{method="GET",route="\/items\/:id",status="200",service="websvc"\} \d+/);
      expect(text).toContain('http_request_duration_seconds_bucket');
      expect(text).not.toContain('/items/77');
    });

    it('when the bus is disconnected, then /readyz answers 200 degraded (requests work, events wait); several services in one process keep separate metrics', async () => {
      const disconnected = { ...infra.bus, isConnected: () => false, status: () => ({ ...infra.bus.status(), connected: false }) };
      const other = await createService(defineService({ name: 'othersvc' }), {
        config,
        database: infra.database,
        bus: disconnected,
        logger: infra.logger,
      });
      try {
        const { url: otherUrl } = await other.listen();
        const response = await fetch(`${otherUrl}/readyz`, { headers: { 'x-internal-token': await serviceToken() } });
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ status: 'degraded', checks: { database: true, bus: false, consumers: [] } });
      } finally {
        await other.close();
      }
    });

    it('when /readyz is asked, then each of the service’s own consumers is listed with consuming, lag and last delivery', async () => {
      const { body } = await call('/readyz', { token: await serviceToken() });
      const consumers = (body as { checks: { consumers: Array<Record<string, unknown>> } }).checks.consumers;
      expect(consumers.length).toBeGreaterThan(0);
      for (const consumer of consumers) {
        expect(consumer).toMatchObject({ durable: expect.stringMatching(/^websvc-/), consuming: true, deadLetters: 0 });
        expect(consumer).toHaveProperty('lag');
        expect(consumer).toHaveProperty('lastDeliveryAt');
      }
    });

    it('when the database does not answer, then /readyz answers 503 not_ready (checks for a service, the status alone for a probe)', async () => {
      const broken = { ...infra.database.knex, raw: () => Promise.reject(new Error('connection terminated')) };
      const app = new Koa();
      app.use(async (ctx, next) => {
        if (ctx.get('x-caller')) ctx.state.callerService = ctx.get('x-caller');
        await next();
      });
      app.use(operationalEndpoints({ db: broken as never, busStatus: () => infra.bus.status(), registry: new Registry() }));
      const server = app.listen(0);
      try {
        const port = (server.address() as { port: number }).port;
        const response = await fetch(`http://127.0.0.1:${port}/readyz`, { headers: { 'x-caller': 'gateway' } });
        expect(response.status).toBe(503);
        expect(await response.json()).toMatchObject({ status: 'not_ready', checks: { database: false } });
        const probe = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect(probe.status).toBe(503);
        expect(await probe.json()).toEqual({ status: 'not_ready' });
      } finally {
        server.close();
      }
    });
  });

  describe('migrations (SKIP_MIGRATIONS, migrateService for MIGRATE_ONLY)', () => {
    const migrating = defineService({
      name: 'migsvc',
      migrations: [{ name: '001_parcels', up: (knex) => knex.schema.createTable('parcels', (table) => table.increments('id')) }],
    });
    const ownSchemaConfig = (extra: Record<string, string> = {}) =>
      loadConfig(baseConfigSchema, {
        ...infra.env,
        DATABASE_SCHEMA: `mig_${randomBytes(4).toString('hex')}`,
        ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : { PGLITE_DIR: 'memory' }),
        ...extra,
      });

    it('when SKIP_MIGRATIONS is set, then the service starts without creating its tables', async () => {
      const config = ownSchemaConfig({ SKIP_MIGRATIONS: 'true' });
      const skipping = await createService(migrating, { config, bus: infra.bus, logger: infra.logger });
      try {
        expect(await skipping.deps.db.schema.withSchema(config.DATABASE_SCHEMA as string).hasTable('parcels')).toBe(false);
      } finally {
        await skipping.close();
      }
    }, 120_000);

    it('when the migrations are run alone (MIGRATE_ONLY), then they are applied once and a second run applies nothing', async () => {
      // On PGlite a data directory, so the second run opens what the first one migrated.
      const pgliteDir = process.env.TEST_DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'migsvc-'));
      const config = { ...ownSchemaConfig(), ...(pgliteDir ? { PGLITE_DIR: pgliteDir } : {}) };
      const applied = await migrateService(migrating, config, infra.logger);
      expect(applied).toContain('001_parcels');
      expect(await migrateService(migrating, config, infra.logger)).toEqual([]);
      if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    }, 120_000); // two PGlite databases on disk: seconds each, far more on a loaded machine
  });

  describe('runStandalone', () => {
    it('when run as its own process, then it listens on config HOST/PORT and stops on SIGTERM', async () => {
      const before = process.listenerCount('SIGTERM');
      const standalone = await runStandalone(testService, config, { database: infra.database, bus: infra.bus, logger: infra.logger });
      expect(process.listenerCount('SIGTERM')).toBe(before + 1);
      expect(standalone.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${standalone.url}/healthz`)).status).toBe(200);
      await standalone.close();
      expect(process.listenerCount('SIGTERM')).toBe(before);
    });
  });

  describe('close', () => {
    it('when a service that was given db and bus closes, then they stay open for their owner', async () => {
      const short = await createService(testService, { config, database: infra.database, bus: infra.bus, logger: infra.logger });
      await short.listen();
      await short.close();
      expect(await infra.database.knex.raw('select 1 as one')).toBeTruthy();
      expect(infra.bus.isConnected()).toBe(true);
    });

    it('when a service creates its own db and bus from config, then close closes them', async () => {
      const schema = `own_${randomBytes(4).toString('hex')}`;
      const ownConfig = loadConfig(baseConfigSchema, {
        ...infra.env,
        DATABASE_SCHEMA: schema,
        ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : { PGLITE_DIR: 'memory' }),
        ...(process.env.NATS_URL ? { NATS_URL: process.env.NATS_URL } : {}),
      });
      const own = await createService(testService, { config: ownConfig, logger: infra.logger });
      const { knex } = own.deps.database;
      expect(own.deps.database.schema).toBe(schema);
      if (own.deps.database.kind === 'pg') await knex.raw(`drop schema ${schema} cascade`);
      await own.close();
      await expect(knex.raw('select 1')).rejects.toThrow();
      expect(own.deps.bus.isConnected()).toBe(false);
    });
  });
});

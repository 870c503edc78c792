import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { messages, type AuthUser } from '@fragtbud/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { requireRole, requireUser } from './auth-context';
import { baseConfigSchema, loadConfig, type BaseConfig } from './config';
import { createService, type RunningService } from './create-service';
import { internalTokenAudience, signInternalToken } from './internal-token';
import { runStandalone } from './run-standalone';
import { createLogger } from './logger';
import { defineService } from './service-definition';
import { createTestInfra, type TestInfra } from './testing';
import { parseBody, parseParams, parseQuery } from './validation';

const carrier: AuthUser = { id: 2, role: 'carrier', approved: true, blocked: false, name: 'Fragt ApS', email: 'f@example.dk' };
const admin: AuthUser = { ...carrier, id: 1, role: 'admin', name: 'Admin' };

function testRoutes() {
  const router = new Router();
  router.post('/echo', (ctx) => {
    ctx.body = parseBody(ctx, z.object({ name: z.string().min(1) }));
  });
  router.get('/items/:id', (ctx) => {
    const { id } = parseParams(ctx, z.object({ id: z.coerce.number().int().positive() }));
    const { page } = parseQuery(ctx, z.object({ page: z.coerce.number().int().default(1) }));
    ctx.body = { id, page };
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
  router.post('/webhook', (ctx) => {
    ctx.body = { raw: ctx.request.rawBody };
  });
  return router;
}

const testService = defineService({ name: 'websvc', routes: () => [testRoutes()] });

describe('createService', () => {
  let infra: TestInfra;
  let config: BaseConfig;
  let service: RunningService;
  let url: string;
  const logLines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    infra = await createTestInfra('websvc');
    config = loadConfig(baseConfigSchema, infra.env);
    const logger = createLogger({
      name: 'websvc',
      level: 'info',
      destination: { write: (line: string) => void logLines.push(JSON.parse(line)) },
    });
    service = await createService(testService, { config, database: infra.database, bus: infra.bus, logger, bodyLimit: 1024 });
    ({ url } = await service.listen());
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
    it('when /healthz and /readyz are asked without a token, then they answer 200', async () => {
      expect(await call('/healthz', { token: null })).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await call('/readyz', { token: null })).toMatchObject({
        status: 200,
        body: { status: 'ready', checks: { database: true, bus: true } },
      });
    });

    it('when /metrics is scraped, then it has default metrics and requests by route pattern and status', async () => {
      await call('/items/77');
      const { status, text, headers } = await call('/metrics', { token: null });
      expect(status).toBe(200);
      expect(headers.get('content-type')).toContain('text/plain');
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toMatch(/http_requests_total\{method="GET",route="\/items\/:id",status="200",service="websvc"\} \d+/);
      expect(text).toContain('http_request_duration_seconds_bucket');
      expect(text).not.toContain('/items/77');
    });

    it('when the bus is disconnected, then /readyz answers 503; several services in one process keep separate metrics', async () => {
      const disconnected = { ...infra.bus, isConnected: () => false };
      const other = await createService(defineService({ name: 'othersvc' }), {
        config,
        database: infra.database,
        bus: disconnected,
        logger: infra.logger,
      });
      try {
        const { url: otherUrl } = await other.listen();
        const response = await fetch(`${otherUrl}/readyz`);
        expect(response.status).toBe(503);
        expect(await response.json()).toMatchObject({ checks: { database: true, bus: false } });
      } finally {
        await other.close();
      }
    });
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

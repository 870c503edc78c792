import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { internalAuth } from './auth-context';
import { jsonBodyParser } from './body-parser';
import { errorHandler } from './error-handler';
import { createLogger } from './logger';
import { requestContext } from './request-context';
import { createServiceClient } from './service-client';

const secret = 's'.repeat(32);
const logger = createLogger({ name: 'client-test', level: 'silent' });
const user = { id: 3, role: 'customer' as const, approved: true, blocked: false, name: 'Kunde', email: 'k@example.dk' };

describe('createServiceClient', () => {
  let server: Server;
  let baseUrl: string;
  const calls: Record<string, number> = {};
  /** `/slow` answers only when the test says so: slower than any client timeout, without a clock. */
  let answerSlow: () => void = () => undefined;

  beforeAll(async () => {
    const router = new Router();
    router.get('/whoami', (ctx) => {
      ctx.body = { user: ctx.state.user, service: ctx.state.callerService, requestId: ctx.state.requestId, query: ctx.query };
    });
    router.post('/things', (ctx) => {
      calls.post = (calls.post ?? 0) + 1;
      ctx.status = 201;
      ctx.body = { received: ctx.request.body };
    });
    router.get('/flaky', (ctx) => {
      calls.flaky = (calls.flaky ?? 0) + 1;
      if (calls.flaky === 1) throw AppError.unavailable();
      ctx.body = { ok: true };
    });
    router.post('/always-down', () => {
      calls.down = (calls.down ?? 0) + 1;
      throw AppError.unavailable();
    });
    router.get('/conflict', () => {
      throw AppError.conflict('Opgaven er allerede tildelt.', 'task_taken');
    });
    router.get('/slow', async (ctx) => {
      await new Promise<void>((resolve) => (answerSlow = resolve));
      ctx.body = {};
    });
    router.delete('/things/:id', (ctx) => {
      ctx.status = 204;
    });
    const app = new Koa();
    app.use(requestContext(logger));
    app.use(errorHandler(logger));
    app.use(internalAuth(secret, new Set()));
    app.use(jsonBodyParser());
    app.use(router.routes());
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    for (const key of Object.keys(calls)) delete calls[key];
  });

  const client = (options: { timeoutMs?: number } = {}) =>
    createServiceClient({ baseUrl, name: 'tasks', secret, caller: 'bids', ...options });

  it('when no user is given, then the calling service acts as itself', async () => {
    expect(await client().get('/whoami')).toMatchObject({ user: null, service: 'bids' });
  });

  it('when the caller is forwarded with the request id and a query, then the other service sees all three', async () => {
    const answer = await client().get('/whoami', { user, requestId: 'req-42', query: { page: 2, skip: undefined } });
    expect(answer).toEqual({ user, service: 'bids', requestId: 'req-42', query: { page: '2' } });
  });

  it('when posting JSON, then the body arrives and the answer is parsed; an empty answer is undefined', async () => {
    expect(await client().post('/things', { name: 'sofa' })).toEqual({ received: { name: 'sofa' } });
    expect(await client().delete('/things/1')).toBeUndefined();
  });

  it('when the other service answers an error, then it comes back as an AppError with its status, code and message', async () => {
    const error = await client().get('/conflict').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 409, code: 'task_taken', message: 'Opgaven er allerede tildelt.' });
  });

  it('when a GET meets a 503 once, then it is retried once; a POST is never retried', async () => {
    expect(await client().get('/flaky')).toEqual({ ok: true });
    expect(calls.flaky).toBe(2);
    await expect(client().post('/always-down', {})).rejects.toMatchObject({ status: 503 });
    expect(calls.down).toBe(1);
  });

  it('when the other service is too slow, then 503 service_unavailable after the timeout', async () => {
    const started = Date.now();
    try {
      await expect(client({ timeoutMs: 100 }).get('/slow')).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(Date.now() - started).toBeLessThan(450);
    } finally {
      answerSlow();
    }
  });

  it('when nothing listens, then 503 service_unavailable', async () => {
    const nobody = createServiceClient({ baseUrl: 'http://127.0.0.1:1', name: 'ghost', secret });
    await expect(nobody.get('/x')).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorAnswer, messages } from '@fragtbud/contracts';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, domainError, isAppError } from './app-error';
import { errorHandler } from './error-handler';
import { createLogger } from './logger';

const logger = createLogger({ name: 'domain-error-test', level: 'silent' });

const throwers: Record<string, () => never> = {
  '/task': () => {
    throw domainError('task_not_found');
  },
  '/deadline': () => {
    throw domainError('bid_expired', { variant: 'paymentDeadlinePassed' });
  },
  '/ledger-task': () => {
    throw domainError('task_not_found', { variant: 'unknownToLedger', details: [{ path: 'taskId', message: messages.taskNotFound }] });
  },
  '/locked': () => {
    throw domainError('second_factor_locked', { message: 'Prøv igen om 15 minutter.', retryAfterSeconds: 900 });
  },
};

describe('domain errors through the one error handler', () => {
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    const app = new Koa();
    app.use(errorHandler(logger));
    app.use((ctx) => throwers[ctx.path]?.());
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const get = async (path: string) => {
    const response = await fetch(baseUrl + path);
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
  };

  it("answers the catalog's status and Danish text for the code", async () => {
    expect(await get('/task')).toEqual({ status: 404, retryAfter: null, body: { code: 'task_not_found', message: messages.taskNotFound } });
  });

  it("answers a variant's own text and status, with the details the thrower gave", async () => {
    expect((await get('/deadline')).body).toEqual({ code: 'bid_expired', message: messages.paymentDeadlinePassed });
    expect(await get('/ledger-task')).toMatchObject({
      status: 422,
      body: { code: 'task_not_found', message: messages.taskNotFound, details: [{ path: 'taskId', message: messages.taskNotFound }] },
    });
  });

  it('answers the text worded at the throw site for a specific code, with Retry-After', async () => {
    expect(await get('/locked')).toEqual({
      status: errorAnswer('second_factor_locked').status,
      retryAfter: '900',
      body: { code: 'second_factor_locked', message: 'Prøv igen om 15 minutter.' },
    });
  });

  it('is an AppError to code that catches peers’ refusals by status', () => {
    const error = domainError('bid_not_found');
    expect(error).toBeInstanceOf(DomainError);
    expect(isAppError(error) && error.status).toBe(404);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '@fragtbud/contracts';
import { createLogger, errorHandler } from '@fragtbud/platform';
import { accountEndpoints } from './account';
import type { UpstreamName } from './upstreams';

const customer: AuthUser = { id: 7, role: 'customer', name: 'Kunde', email: 'kunde@example.dk', approved: true, blocked: false };
/** 230 payments in svc-ledger: three pages of at most 100. */
const payments = Array.from({ length: 230 }, (_, i) => ({ id: i + 1, type: 'payment', amount: 100 + i }));
const pagesAsked: string[] = [];
/** What the services were sent on the deletion's internal calls, in order. */
const deletionCalls: Array<{ path: string; body: string }> = [];
let services: http.Server;
let gateway: http.Server;
let base: string;

beforeAll(async () => {
  services = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://service');
    if (url.pathname.startsWith('/internal/account/eras')) {
      let text = '';
      for await (const chunk of req) text += String(chunk);
      deletionCalls.push({ path: url.pathname, body: text });
      res.writeHead(204).end();
      return;
    }
    let body: unknown = {};
    if (url.pathname === '/finance/payments/me') {
      pagesAsked.push(url.search);
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 20));
      body = { items: payments.slice((page - 1) * limit, page * limit), total: payments.length, page, limit };
    } else if (url.pathname === '/finance/ledger/customer/me') {
      body = { rows: [] };
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => services.listen(0, '127.0.0.1', resolve));
  const serviceUrl = `http://127.0.0.1:${(services.address() as AddressInfo).port}`;
  const upstreams = Object.fromEntries(
    (['identity', 'tasks', 'bids', 'payments', 'chat', 'ledger'] as UpstreamName[]).map((name) => [name, serviceUrl]),
  ) as Record<UpstreamName, string>;

  const app = new Koa();
  app.use(errorHandler(createLogger({ name: 'account-test', level: 'silent' })));
  app.use(
    accountEndpoints({
      upstreams,
      secret: 'account-test-secret-'.padEnd(40, 'x'),
      timeoutMs: 5_000,
      callerOf: async () => customer,
      forgetAccountState: () => undefined,
    }),
  );
  gateway = http.createServer(app.callback());
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const server of [gateway, services]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('GET /api/account/export', () => {
  it('when a customer has more payments than one page, then the file holds every one of them', async () => {
    const response = await fetch(`${base}/api/account/export`);
    expect(response.status).toBe(200);
    const data = (await response.json()) as { money: { payments: { items: { id: number }[]; total: number } } };
    expect(data.money.payments.total).toBe(230);
    expect(data.money.payments.items.map((item) => item.id)).toEqual(payments.map((payment) => payment.id));
    expect(pagesAsked).toEqual(['?page=1&limit=100', '?page=2&limit=100', '?page=3&limit=100']);
  });
});

describe('DELETE /api/account', () => {
  it('when the caller sends their password, then svc-identity gets it for the check and the erase (svc-tasks only the check)', async () => {
    deletionCalls.length = 0;
    const response = await fetch(`${base}/api/account`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: 'min-kode-1' }),
    });
    expect(response.status).toBe(204);
    expect(deletionCalls.map((call) => call.path)).toEqual([
      '/internal/account/erasure-check',
      '/internal/account/erasure-check',
      '/internal/account/erase',
    ]);
    expect(JSON.parse(deletionCalls[0]!.body)).toEqual({ currentPassword: 'min-kode-1' });
    expect(deletionCalls[1]!.body).toBe('');
    expect(JSON.parse(deletionCalls[2]!.body)).toEqual({ currentPassword: 'min-kode-1' });
  });
});

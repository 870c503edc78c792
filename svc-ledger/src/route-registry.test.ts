/**
 * Walks svc-ledger's part of the contract's route registry (libs/contracts api-routes.ts), so a route documented
 * there is a route served here, with its access and its schemas: anonymous → 401, the wrong role → 403, and
 * random bodies and query strings (fast-check) never give a 500 or a text outside the Danish catalogue; whatever
 * succeeds matches the registered response schema.
 */
import { checkRouteAccess, fuzzRegisteredRoute, registeredRoutes } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLedger, type StartedLedger } from './test-harness';

let ledger: StartedLedger;
beforeAll(async () => {
  ledger = await startLedger();
});
afterAll(async () => {
  await ledger?.close();
});

const routes = registeredRoutes('ledger');
const named = routes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const);

describe('the route registry of svc-ledger', () => {
  it('registers every finance route the issue names', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    for (const path of [
      'get /finance/ledger',
      'get /finance/ledger.csv',
      'post /finance/payouts/carrier',
      'post /finance/payouts/platform',
      'put /finance/payouts/{id}/status',
      'post /finance/adjustments',
      'get /finance/me',
      'get /finance/me.csv',
      'post /finance/payout-requests',
      'get /finance/ledger/customer/me',
      'get /finance/payments/me',
      'get /admin/financial-overview',
      'get /admin/platform-saldo',
      'get /admin/platform-saldo.csv',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it.each(named)('when %s is called anonymously or by a role its access refuses, then 401 / 403', async (_, route) => {
    await checkRouteAccess(ledger.call, route);
  });

  it.each(named)('when %s gets random bodies and query strings, then never 500, Danish refusals, and answers match the schema', async (_, route) => {
    await fuzzRegisteredRoute(ledger.call, route);
  }, 60_000);
});

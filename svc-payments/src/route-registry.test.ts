/**
 * Walks svc-payments' part of the contract's route registry (libs/contracts api-routes.ts): anonymous → 401, the
 * wrong role → 403, random bodies (fast-check) never a 500 or a text outside the Danish catalogue, and answers that
 * match the registered response schema — with the mock provider and with Stripe (against the local fake).
 */
import { checkRouteAccess, fuzzRegisteredRoute, registeredRoutes } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayments, type StartedPayments } from './test-harness';

let mock: StartedPayments;
let withStripe: StartedPayments;
beforeAll(async () => {
  [mock, withStripe] = await Promise.all([startPayments(), startPayments({ stripe: true })]);
});
afterAll(async () => {
  await Promise.all([mock?.close(), withStripe?.close()]);
});

// The webhook is Stripe's (signature, raw body): its own tests in stripe-flow.test.ts.
const routes = registeredRoutes('payments').filter((route) => route.path !== '/payments/webhook');
const named = routes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const);

describe('the route registry of svc-payments', () => {
  it('registers the charge and Connect routes', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    for (const path of ['post /admin/charges', 'post /admin/users/{id}/connected-account', 'post /finance/payout-link']) expect(paths).toContain(path);
  });

  it.each(named)('when %s is called anonymously or by a role its access refuses, then 401 / 403', async (_, route) => {
    await checkRouteAccess(mock.call, route);
  });

  it.each(named)('when %s gets random bodies (mock and Stripe), then never 500 and Danish refusals', async (_, route) => {
    await fuzzRegisteredRoute(mock.call, route, { numRuns: 20 });
    await fuzzRegisteredRoute(withStripe.call, route, { numRuns: 10 });
  }, 60_000);
});

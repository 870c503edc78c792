import { defineService } from '@fragtbud/platform';

/**
 * svc-payments owns payment intents, the mock and Stripe providers and webhooks (issue #5).
 * It starts, migrates and answers health now; its domain arrives with those issues.
 */
export const paymentsService = defineService({
  name: 'payments',
  migrations: [],
  routes: () => [],
});

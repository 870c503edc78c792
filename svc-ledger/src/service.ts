import { defineService } from '@fragtbud/platform';

/**
 * svc-ledger owns platform settings, carrier lists, pricing quotes and the ledger (issue #4 on).
 * It starts, migrates and answers health now; its domain arrives with those issues.
 */
export const ledgerService = defineService({
  name: 'ledger',
  migrations: [],
  routes: () => [],
});

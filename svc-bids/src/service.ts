import { defineService } from '@fragtbud/platform';

/**
 * svc-bids owns bids, bid rules, accept/reject and quote snapshots (issue #4).
 * It starts, migrates and answers health now; its domain arrives with those issues.
 */
export const bidsService = defineService({
  name: 'bids',
  migrations: [],
  routes: () => [],
});

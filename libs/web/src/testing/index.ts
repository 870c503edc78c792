/** Test helpers for the front-end projects: `import { … } from '@fragtbud/web/testing'` in *.test.tsx only. */
export { setupApiServer } from './api-server';
export { makeUser, setSession } from './session';
export { makeAdminBid, makeBidding, makeCarrierBid, makeCustomerBid, type BidFixture } from '../bids/bid-fixtures';
export { makeTask } from '../tasks/task-fixtures';
export { createTestQueryClient, renderWithProviders, renderWithQueryClient, withQueryClient, type RenderWithProvidersOptions } from './query';

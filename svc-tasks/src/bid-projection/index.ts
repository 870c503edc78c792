/**
 * svc-tasks' side of bids (issue #4), to be wired in src/service.ts:
 *   consumers: bidProjectionConsumers(context) in place of bidPlacedConsumer
 *   routes:    internalTasksRouter(context)
 *   migrations/index.ts: 003_bid_projection
 */
export { bidProjectionConsumers } from './consumers';
export { internalTasksRouter } from './internal-routes';

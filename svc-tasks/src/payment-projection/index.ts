/**
 * svc-tasks' side of payments (issue #5), to be wired in src/service.ts:
 *   consumers: (deps) => [...bidProjectionConsumers(contextOf(deps)), ...paymentConsumers(contextOf(deps))]
 */
export { paymentConsumers } from './consumers';

/** svc-ledger's transaction rows (issue #5): wired in src/service.ts; migration 002_transactions. */
export { transactionConsumers } from './consumers';

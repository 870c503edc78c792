export { ledgerService } from './service';
export { ledgerConfigSchema, loadLedgerConfig, type LedgerConfig } from './config';
export { reconcileLedger } from './verify/reconcile';

export { ledgerService } from './service';
export { ledgerConfigSchema, loadLedgerConfig } from './config';

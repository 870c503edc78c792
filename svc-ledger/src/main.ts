import { loadConfigOrExit, runStandalone } from '@fragtbud/platform';
import { loadLedgerConfig } from './config';
import { ledgerService } from './service';

await runStandalone(ledgerService, loadConfigOrExit('svc-ledger', () => loadLedgerConfig()));

import { loadConfigOrExit, runStandalone } from '@fragtbud/platform';
import { loadPaymentsConfig } from './config';
import { paymentsService } from './service';

await runStandalone(paymentsService, loadConfigOrExit('svc-payments', () => loadPaymentsConfig()));

import { runStandalone } from '@fragtbud/platform';
import { loadPaymentsConfig } from './config';
import { paymentsService } from './service';

await runStandalone(paymentsService, loadPaymentsConfig());

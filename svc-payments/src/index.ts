export { paymentsService } from './service';
export { paymentsConfigSchema, loadPaymentsConfig } from './config';

export { paymentsService, createPaymentsService, type PaymentsServiceOptions } from './service';
export { paymentsConfigSchema, loadPaymentsConfig, type PaymentsConfig } from './config';

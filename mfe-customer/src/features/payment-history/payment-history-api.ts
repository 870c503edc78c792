import type { CustomerLedger, PaymentHistory } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';

export const getPaymentHistory = (signal?: AbortSignal) => api.get<PaymentHistory>('/finance/payments/me', { signal, query: { limit: 100 } });
export const getCustomerLedger = (signal?: AbortSignal) => api.get<CustomerLedger>('/finance/ledger/customer/me', { signal });

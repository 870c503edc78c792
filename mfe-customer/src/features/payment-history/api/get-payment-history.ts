import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerLedger, PaymentHistory } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export const getPaymentHistory = (signal?: AbortSignal) => api.get<PaymentHistory>('/finance/payments/me', { signal, query: { limit: 100 } });
export const getCustomerLedger = (signal?: AbortSignal) => api.get<CustomerLedger>('/finance/ledger/customer/me', { signal });

/** The customer's payments (refunds and extra fees included) and ledger adjustments, shown together. */
export async function getPayments(signal?: AbortSignal): Promise<{ history: PaymentHistory; ledger: CustomerLedger }> {
  const [history, ledger] = await Promise.all([getPaymentHistory(signal), getCustomerLedger(signal)]);
  return { history, ledger };
}

export const paymentsQueryOptions = () => queryOptions({ queryKey: queryKeys.myPayments(), queryFn: ({ signal }) => getPayments(signal) });

/** GET /finance/payments/me and GET /finance/ledger/customer/me. */
export const usePayments = () => useQuery(paymentsQueryOptions());

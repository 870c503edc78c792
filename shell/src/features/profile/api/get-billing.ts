import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingInfo } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export const getBilling = (signal?: AbortSignal) => api.get<{ billing: BillingInfo }>('/users/billing', { signal });

export const billingQueryOptions = () => queryOptions({ queryKey: queryKeys.myBilling(), queryFn: ({ signal }) => getBilling(signal) });

/** GET /users/billing: the caller's billing details (the billing and CVR tabs share the entry). */
export const useBilling = () => useQuery(billingQueryOptions());

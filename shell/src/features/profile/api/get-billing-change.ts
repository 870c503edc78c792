import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingChange } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export type OwnBillingChange = { change: Pick<BillingChange, 'status' | 'data'> | null };

export const getOwnBillingChange = (signal?: AbortSignal) => api.get<OwnBillingChange>('/users/billing-changes/me', { signal });

export const billingChangeQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.myBillingChange(), queryFn: ({ signal }) => getOwnBillingChange(signal) });

/** GET /users/billing-changes/me: the carrier's latest billing change request and its status (carriers only). */
export const useOwnBillingChange = (enabled: boolean) => useQuery({ ...billingChangeQueryOptions(), enabled });

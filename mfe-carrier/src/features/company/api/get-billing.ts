import { useQuery } from '@tanstack/react-query';
import type { BillingChange, BillingInfo } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/**
 * The CVR tab reads the carrier's billing details and their latest billing change (the shell's Fakturering tab
 * writes them): the same GET endpoints under the same keys, so a change saved there shows here without a reload.
 */
export const getBilling = (signal?: AbortSignal) => api.get<{ billing: BillingInfo }>('/users/billing', { signal });

export const getOwnBillingChange = (signal?: AbortSignal) =>
  api.get<{ change: Pick<BillingChange, 'status' | 'data'> | null }>('/users/billing-changes/me', { signal });

export const useBilling = () => useQuery({ queryKey: queryKeys.myBilling(), queryFn: ({ signal }) => getBilling(signal) });

export const useOwnBillingChange = () => useQuery({ queryKey: queryKeys.myBillingChange(), queryFn: ({ signal }) => getOwnBillingChange(signal) });

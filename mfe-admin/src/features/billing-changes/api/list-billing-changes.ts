import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingChange } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** A status, or '' for all. */
export type BillingChangeFilter = '' | BillingChange['status'];

export const listBillingChanges = (status: BillingChangeFilter, signal?: AbortSignal) =>
  api.get<{ items: BillingChange[] }>('/admin/billing-changes', { query: status ? { status } : {}, signal });

export const billingChangesQueryOptions = (status: BillingChangeFilter) =>
  queryOptions({ queryKey: queryKeys.adminBillingChanges(status), queryFn: ({ signal }) => listBillingChanges(status, signal) });

/** GET /admin/billing-changes[?status=]: carriers' billing change requests; the last list stays while another loads. */
export const useBillingChanges = (status: BillingChangeFilter) => useQuery({ ...billingChangesQueryOptions(status), placeholderData: keepPreviousData });

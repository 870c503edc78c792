import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingChange } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';
import type { BillingChangeFilter } from './list-billing-changes';

export type BillingDecision = 'approve' | 'reject';

export const decideBillingChange = (id: number, decision: BillingDecision) =>
  api.put<BillingChange>(`/admin/billing-changes/${id}/${decision}`, undefined, { preferServerMessage: true });

/**
 * PUT /admin/billing-changes/{id}/approve|reject. The list on screen takes the answer at once (a decided change
 * leaves a list filtered on another status); the other status lists are asked for again when next shown.
 */
export function useDecideBillingChange(status: BillingChangeFilter) {
  const client = useQueryClient();
  const shown = queryKeys.adminBillingChanges(status);
  return useMutation({
    mutationFn: ({ change, decision }: { change: BillingChange; decision: BillingDecision }) => decideBillingChange(change.id, decision),
    onSuccess: (decided, { change }) => {
      client.setQueryData<{ items: BillingChange[] }>(
        shown,
        (current) =>
          current && {
            items: current.items
              .map((item) => (item.id === change.id ? { ...item, ...decided, user: item.user } : item))
              .filter((item) => !status || item.status === status),
          },
      );
      void client.invalidateQueries({ queryKey: queryKeys.allAdminBillingChanges(), predicate: (query) => query.queryKey[2] !== status });
    },
  });
}

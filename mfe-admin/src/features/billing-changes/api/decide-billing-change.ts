import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingChange } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export type BillingDecision = 'approve' | 'reject';

export const decideBillingChange = (id: number, decision: BillingDecision) =>
  api.put<BillingChange>(`/admin/billing-changes/${id}/${decision}`, undefined, { preferServerMessage: true });

/**
 * PUT /admin/billing-changes/{id}/approve|reject. Every status list is asked again (a decided change leaves a list
 * filtered on another status); the decision settles once the list on screen shows the server's answer.
 */
export function useDecideBillingChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ change, decision }: { change: BillingChange; decision: BillingDecision }) => decideBillingChange(change.id, decision),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.allAdminBillingChanges() }),
  });
}

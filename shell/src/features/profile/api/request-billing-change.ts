import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingInfoBody } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export const requestBillingChange = (data: BillingInfoBody) => api.post<unknown>('/users/billing-changes', { data }, { preferServerMessage: true });

/** POST /users/billing-changes (carriers): an admin approves it; the request's status is asked for again. */
export function useRequestBillingChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestBillingChange,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myBillingChange() }),
  });
}

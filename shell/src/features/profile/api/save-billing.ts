import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingInfoBody } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export const saveBilling = (body: BillingInfoBody) => api.put<unknown>('/users/billing', body, { preferServerMessage: true });

/** PUT /users/billing (customers save directly): the billing and CVR tabs ask again. */
export function useSaveBilling() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBilling,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myBilling() }),
  });
}

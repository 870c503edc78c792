import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payout } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** One payout of all of pendingNet; the key makes a double click (or a retry) the same request. */
export const requestPayout = (idempotencyKey: string) =>
  api.post<{ payout: Payout; message: string } | undefined>('/finance/payout-requests', undefined, { idempotencyKey });

/** POST /finance/payout-requests: the balance and rows change, so they are asked for again. */
export function useRequestPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myFinance() }),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { BidsPage } from '@fragtbud/contracts';
import { api, bidHeadlineAmount, queryKeys } from '@fragtbud/web';

/** GET /bids?taskId= — the same list (and cache entry) as the shell's bids tab. */
export const listTaskBids = (taskId: number, signal?: AbortSignal) => api.get<BidsPage>('/bids', { query: { taskId, limit: 100 }, signal });

/** The accepted bid's gross total (the owner sees only that bid once one is chosen); null until known. */
export function useAcceptedTotal(taskId: number, enabled: boolean): number | null {
  const { data } = useQuery({ queryKey: queryKeys.taskBids(taskId), queryFn: ({ signal }) => listTaskBids(taskId, signal), enabled });
  const accepted = data?.items.find((bid) => bid.status === 'accepted');
  return accepted ? bidHeadlineAmount(accepted) : null;
}

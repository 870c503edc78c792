import type { BidsPage } from '@fragtbud/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

/** A carrier's payout (gross, DKK) per task for their own bids on `taskIds`: one GET /bids?taskIds= for the list. */
export async function listMyBidPayouts(taskIds: readonly number[], signal?: AbortSignal): Promise<Map<number, number>> {
  if (taskIds.length === 0) return new Map();
  const page = await api.get<BidsPage>('/bids', { query: { taskIds: taskIds.join(','), limit: 100 }, signal });
  return new Map(page.items.flatMap((bid) => (bid.view === 'carrier' ? [[bid.task_id, bid.quote.payoutGross] as const] : [])));
}

/** Under the task lists' key, so whatever refreshes the dashboard's tasks refreshes the payouts beside them. */
export function useMyBidPayouts(taskIds: readonly number[], enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tasks({ recent: true, payouts: taskIds }),
    queryFn: ({ signal }) => listMyBidPayouts(taskIds, signal),
    enabled,
  });
}

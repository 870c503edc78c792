import { useQuery } from '@tanstack/react-query';
import type { BidsPage } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export interface ChatPartner {
  id: number;
  name: string;
}

/** The carriers who bid on the task (GET /bids?taskId, cut by svc-bids for the caller), as people to write to. */
export async function listBidders(taskId: number, signal?: AbortSignal): Promise<ChatPartner[]> {
  const page = await api.get<BidsPage>('/bids', { query: { taskId, limit: 100 }, signal });
  const seen = new Map<number, ChatPartner>();
  for (const bid of page.items) seen.set(bid.carrier_id, { id: bid.carrier_id, name: bid.carrier_name });
  return [...seen.values()];
}

/** Keyed under the task's bids, so a new bid (live `bid.placed`) refreshes the partners. */
export function useBidders(taskId: number, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.taskBidders(taskId), queryFn: ({ signal }) => listBidders(taskId, signal), enabled });
}

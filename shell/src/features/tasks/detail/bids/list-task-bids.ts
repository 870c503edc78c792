import type { BidsPage } from '@fragtbud/contracts';
import { api, useApiQuery } from '@fragtbud/web';

/**
 * GET /bids?taskId=: the task's bids cut by svc-bids for the caller (owner: gross totals, and only the accepted bid once
 * one is chosen; carrier: their own bid with its payout; admin: everything), plus the bidding round (count, limit, open).
 */
export function listTaskBids(taskId: number, signal?: AbortSignal): Promise<BidsPage> {
  return api.get<BidsPage>('/bids', { query: { taskId, limit: 100 }, signal });
}

export function useTaskBids(taskId: number | null) {
  return useApiQuery(taskId === null ? null : `bids:${taskId}`, (signal) => listTaskBids(taskId as number, signal));
}

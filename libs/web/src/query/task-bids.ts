import { queryOptions } from '@tanstack/react-query';
import type { BidsPage } from '@fragtbud/contracts';
import { api } from '../api/api-client';
import { queryKeys } from './query-keys';

/**
 * GET /bids?taskId=: the task's bids cut by svc-bids for the caller (owner: gross totals, and only the accepted bid once
 * one is chosen; carrier: their own bid with its payout; admin: everything), plus the bidding round (count, limit, open).
 * One key and one answer for every front end, so the shell's bids tab and a remote's panel share the cache.
 */
export function listTaskBids(taskId: number, signal?: AbortSignal): Promise<BidsPage> {
  return api.get<BidsPage>('/bids', { query: { taskId, limit: 100 }, signal });
}

export const taskBidsQueryOptions = (taskId: number) =>
  queryOptions({ queryKey: queryKeys.taskBids(taskId), queryFn: ({ signal }) => listTaskBids(taskId, signal) });

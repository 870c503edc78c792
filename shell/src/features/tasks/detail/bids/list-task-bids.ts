import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BidsPage } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/**
 * GET /bids?taskId=: the task's bids cut by svc-bids for the caller (owner: gross totals, and only the accepted bid once
 * one is chosen; carrier: their own bid with its payout; admin: everything), plus the bidding round (count, limit, open).
 */
export function listTaskBids(taskId: number, signal?: AbortSignal): Promise<BidsPage> {
  return api.get<BidsPage>('/bids', { query: { taskId, limit: 100 }, signal });
}

export const taskBidsQueryOptions = (taskId: number) =>
  queryOptions({ queryKey: queryKeys.taskBids(taskId), queryFn: ({ signal }) => listTaskBids(taskId, signal) });

/** The task's bids; nothing is asked while `taskId` is null (a viewer who may not list them). */
export function useTaskBids(taskId: number | null) {
  return useQuery({ ...taskBidsQueryOptions(taskId ?? 0), enabled: taskId !== null });
}

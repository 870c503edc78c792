import { useQuery } from '@tanstack/react-query';
import type { BidsPage } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/**
 * GET /bids?taskId=: for a carrier, their own bid on the task and the bidding round. The same request under the same
 * key as the shell's bids tab, so both read one cached answer and a placed bid refreshes both.
 */
export const listTaskBids = (taskId: number, signal?: AbortSignal) => api.get<BidsPage>('/bids', { query: { taskId, limit: 100 }, signal });

export const useTaskBids = (taskId: number) => useQuery({ queryKey: queryKeys.taskBids(taskId), queryFn: ({ signal }) => listTaskBids(taskId, signal) });

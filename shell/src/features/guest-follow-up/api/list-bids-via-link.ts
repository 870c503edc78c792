import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BidsPage } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** GET /tasks/{id}/bids?access=: the task's bids in gross prices as its owner sees them, through the guest's link. */
export function listBidsViaLink(taskId: number, access: string, signal?: AbortSignal): Promise<BidsPage> {
  return api.get<BidsPage>(`/tasks/${taskId}/bids`, { query: { access, limit: 100 }, signal });
}

export const bidsViaLinkQueryOptions = (taskId: number, access: string) =>
  queryOptions({ queryKey: queryKeys.taskBidsViaGuestLink(taskId), queryFn: ({ signal }) => listBidsViaLink(taskId, access, signal) });

/** Nothing is asked until the link has shown the owner's view (`enabled`); `refetchEvery` asks again at that interval. */
export function useBidsViaLink(taskId: number, access: string, enabled: boolean, refetchEvery: number | false = false) {
  return useQuery({ ...bidsViaLinkQueryOptions(taskId, access), enabled, refetchInterval: refetchEvery });
}

import { useQuery } from '@tanstack/react-query';
import type { ChatThread } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/**
 * GET /chat/messages?taskId without a partner: a carrier's thread with the task's customer, whom a carrier without a
 * bid does not know from the task. `partner` names the customer when the carrier may write (or already talks to
 * them); otherwise `lock` says why not.
 */
export function getCustomerThread(taskId: number, signal?: AbortSignal): Promise<ChatThread> {
  return api.get<ChatThread>('/chat/messages', { query: { taskId, limit: 100 }, signal });
}

/** Under `['chat']` beside the threads by partner id, so the live stream's chat events refresh it. */
export function useCustomerThread(taskId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.customerThread(taskId),
    queryFn: ({ signal }) => getCustomerThread(taskId, signal),
    enabled,
  });
}

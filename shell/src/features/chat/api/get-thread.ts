import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatThread } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** GET /chat/messages?taskId&partnerId: the thread, oldest first, and whether the caller may write (`lock`). */
export function getChatThread(taskId: number, partnerId: number, signal?: AbortSignal): Promise<ChatThread> {
  return api.get<ChatThread>('/chat/messages', { query: { taskId, partnerId, limit: 100 }, signal });
}

export const chatThreadQueryOptions = (taskId: number, partnerId: number) =>
  queryOptions({ queryKey: queryKeys.chatThread(taskId, partnerId), queryFn: ({ signal }) => getChatThread(taskId, partnerId, signal) });

/** Refetched by the live stream (`chat.message`, `chat.read` invalidate `['chat']`). */
export function useChatThread(taskId: number, partnerId: number | null) {
  return useQuery({ ...chatThreadQueryOptions(taskId, partnerId ?? 0), enabled: partnerId !== null });
}

import { useQuery } from '@tanstack/react-query';
import type { ChatThreadList } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** GET /chat/threads?taskId: the caller's threads on the task with their unread counts. */
export function listChatThreads(taskId: number, signal?: AbortSignal): Promise<ChatThreadList> {
  return api.get<ChatThreadList>('/chat/threads', { query: { taskId }, signal });
}

export function useChatThreads(taskId: number) {
  return useQuery({ queryKey: queryKeys.chatThreads(taskId), queryFn: ({ signal }) => listChatThreads(taskId, signal) });
}

import { useQuery } from '@tanstack/react-query';
import type { ChatThreadList } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** GET /chat/threads (every task): the header's unread count and the newest thread with unread messages. */
export function listAllChatThreads(signal?: AbortSignal): Promise<ChatThreadList> {
  return api.get<ChatThreadList>('/chat/threads', { signal });
}

/** Per user, so another sign-in never sees the previous user's count. */
export function useUnreadChats(userId: number | null) {
  return useQuery({
    queryKey: queryKeys.unreadChats(userId),
    queryFn: ({ signal }) => listAllChatThreads(signal),
    enabled: userId !== null,
  });
}

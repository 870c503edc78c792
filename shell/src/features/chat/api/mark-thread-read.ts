import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

/** PUT /chat/threads/read: everything the partner wrote to the caller on the task is read. Failures are silent. */
export async function markChatThreadRead(taskId: number, partnerId: number): Promise<void> {
  try {
    await api.put<unknown>('/chat/threads/read', { taskId, partnerId });
  } catch {
    // the unread count simply stays until the next time
  }
}

/** Marks the thread read, then the unread counts (the task's threads and the header's) are asked for again. */
export function useMarkChatThreadRead(taskId: number, partnerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => markChatThreadRead(taskId, partnerId),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.allChatThreads() }),
  });
}

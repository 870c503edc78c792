import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessageJson, ChatThread } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/**
 * POST /chat/messages; a refusal carries the spec's lock text, shown as it is. `idempotencyKey`: one per message the
 * user sends, the same for a retry or a second click, so svc-chat stores it once.
 */
export function sendChatMessage(
  body: { taskId: number; receiverId: number; message: string; bidId?: number },
  idempotencyKey: string,
): Promise<ChatMessageJson> {
  return api.post<ChatMessageJson>('/chat/messages', body, { preferServerMessage: true, idempotencyKey });
}

/** Sends to one partner; the sent message is added to the cached thread at once and the threads are asked again. */
export function useSendChatMessage(taskId: number, partnerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, idempotencyKey }: { message: string; idempotencyKey: string }) =>
      sendChatMessage({ taskId, receiverId: partnerId, message }, idempotencyKey),
    onSuccess: (sent) => {
      client.setQueryData<ChatThread>(queryKeys.chatThread(taskId, partnerId), (current) =>
        current && !current.items.some((m) => m.id === sent.id) ? { ...current, items: [...current.items, sent], total: current.total + 1 } : current,
      );
      void client.invalidateQueries({ queryKey: queryKeys.allChatThreads() });
    },
  });
}

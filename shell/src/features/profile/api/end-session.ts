import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';
import type { SessionItem } from './list-sessions';

export const endSession = (id: number) => api.delete<unknown>(`/auth/sessions/${id}`);

/** DELETE /auth/sessions/{id}: the session leaves the cached list at once. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: (_answer, id) =>
      client.setQueryData<{ items: SessionItem[] }>(queryKeys.mySessions(), (current) => current && { items: current.items.filter((item) => item.id !== id) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';
import type { SessionItem } from './list-sessions';

export const endOtherSessions = () => api.delete<{ ended: number }>('/auth/sessions');

/** DELETE /auth/sessions ('Log ud af alle andre'): only the current session is left in the cached list. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () =>
      client.setQueryData<{ items: SessionItem[] }>(queryKeys.mySessions(), (current) => current && { items: current.items.filter((item) => item.current) }),
  });
}

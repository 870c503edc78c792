import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

export interface SessionItem {
  id: number;
  device: string;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

export const listSessions = (signal?: AbortSignal) => api.get<{ items: SessionItem[] }>('/auth/sessions', { signal });

export const sessionsQueryOptions = () => queryOptions({ queryKey: queryKeys.mySessions(), queryFn: ({ signal }) => listSessions(signal) });

/** GET /auth/sessions: the caller's active sessions, the current one marked. */
export const useSessions = () => useQuery(sessionsQueryOptions());

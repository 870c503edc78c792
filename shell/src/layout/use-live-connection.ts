import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateOnLiveEvents, liveEvents, refreshSessionOnAccountNews, useSession, type LiveEvents } from '@fragtbud/web';

/**
 * One live stream (GET /api/events) while someone is signed in; closed on logout or when another user signs in.
 * Each event marks the queries it changed as stale (`invalidateForLiveEvent`), so screens refetch what they show.
 */
export function useLiveConnection(channel: LiveEvents = liveEvents): void {
  const userId = useSession((state) => state.user?.id ?? null);
  const client = useQueryClient();
  useEffect(() => invalidateOnLiveEvents(client, channel), [client, channel]);
  // An admin's decision about one's own account (approved, blocked) reaches the session at once.
  useEffect(() => refreshSessionOnAccountNews(channel), [channel]);
  useEffect(() => {
    if (userId === null) return;
    channel.connect();
    return () => channel.disconnect();
  }, [userId, channel]);
}

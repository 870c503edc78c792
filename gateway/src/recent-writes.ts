import { formatEventRefs, maxEventRefs, parseEventRefs, type EventRef } from '@fragtbud/platform';

/**
 * The events each user's writes recorded in the last `keepMs` (from the services' `X-Written-Events`), sent with that
 * user's next requests as `X-Read-After`: whichever service answers them first waits until it has handled those events
 * (docs/DEVELOPING.md, "Read your own writes"). Held per gateway replica; a user's requests reach one replica while
 * their browser keeps its connection, and at worst another replica answers as the services stand.
 */
export interface RecentWrites {
  remember(userId: number, writtenEvents: string | undefined): void;
  readAfterFor(userId: number): string | undefined;
}

interface Kept {
  ref: EventRef;
  until: number;
}

export function createRecentWrites({ keepMs = 30_000, maxUsers = 50_000, now = Date.now } = {}): RecentWrites {
  const byUser = new Map<number, Kept[]>();
  const live = (userId: number): Kept[] => {
    const kept = (byUser.get(userId) ?? []).filter((entry) => entry.until > now());
    if (kept.length === 0) byUser.delete(userId);
    else byUser.set(userId, kept);
    return kept;
  };
  return {
    remember(userId, writtenEvents) {
      const refs = parseEventRefs(writtenEvents);
      if (refs.length === 0) return;
      const until = now() + keepMs;
      const kept = [...live(userId), ...refs.map((ref) => ({ ref, until }))].slice(-maxEventRefs);
      byUser.delete(userId);
      byUser.set(userId, kept);
      // The longest-quiet users go first when there are too many (a Map iterates in insertion order).
      for (const oldest of byUser.keys()) {
        if (byUser.size <= maxUsers) break;
        byUser.delete(oldest);
      }
    },
    readAfterFor(userId) {
      const kept = live(userId);
      return kept.length > 0 ? formatEventRefs(kept.map((entry) => entry.ref)) : undefined;
    },
  };
}

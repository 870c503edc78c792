import { createHash } from 'node:crypto';
import type { AuthUser } from '@fragtbud/contracts';
import { authUserSchema } from '@fragtbud/contracts';
import { signInternalToken } from '@fragtbud/platform';
import { z } from 'zod';

/** A session as svc-identity resolved it; `sessionId` is null only from an identity that does not name it. */
export interface ResolvedSession {
  user: AuthUser;
  sessionId: number | null;
}

interface CacheEntry {
  session: ResolvedSession | null;
  expiresAt: number;
}

export interface SessionResolver {
  resolve(token: string): Promise<AuthUser | null>;
  /** The caller and the session's id (for closing its live streams when it ends). */
  resolveSession(token: string): Promise<ResolvedSession | null>;
  forget(token: string): void;
  /**
   * These sessions ended (identity.session.ended): their cached answers go, and an answer about them still on its way
   * from svc-identity (read before the session was deleted) is not believed for a while either.
   */
  forgetSessions(sessionIds: readonly number[]): void;
  forgetAll(): void;
}

const lookupAnswerSchema = z.object({ user: authUserSchema, sessionId: z.number().int().positive().optional() });

/** How long an ended session id is remembered, to refuse a lookup answer that raced with its end. */
const endedMemoryMs = 60_000;
const maxCacheEntries = 10_000;

/** Turns a session token into the caller by asking svc-identity, remembering answers for a short while. */
export function createSessionResolver(options: {
  identityUrl: string;
  secret: string;
  cacheMs: number;
  timeoutMs?: number;
}): SessionResolver {
  const cache = new Map<string, CacheEntry>();
  const ended = new Map<number, number>();
  const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

  async function lookup(token: string): Promise<ResolvedSession | null> {
    const response = await fetch(new URL('/internal/sessions/resolve', options.identityUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-internal-token': await signInternalToken({ secret: options.secret, user: null, service: 'gateway' }),
      },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    if (response.status === 401 || response.status === 400) return null;
    if (!response.ok) throw new Error(`session lookup answered ${response.status}`);
    const answer = lookupAnswerSchema.parse(await response.json());
    return { user: answer.user, sessionId: answer.sessionId ?? null };
  }

  function hasEnded(session: ResolvedSession | null, now: number): boolean {
    if (session?.sessionId == null) return false;
    const until = ended.get(session.sessionId);
    return until !== undefined && until > now;
  }

  async function resolveSession(token: string): Promise<ResolvedSession | null> {
    const key = keyOf(token);
    const now = Date.now();
    const cached = cache.get(key);
    if (cached && cached.expiresAt > now) return cached.session;
    const looked = await lookup(token);
    const session = hasEnded(looked, Date.now()) ? null : looked;
    if (options.cacheMs > 0) {
      if (cache.size > maxCacheEntries) cache.clear();
      cache.set(key, { session, expiresAt: now + options.cacheMs });
    }
    return session;
  }

  return {
    resolveSession,
    async resolve(token) {
      return (await resolveSession(token))?.user ?? null;
    },
    forget(token) {
      cache.delete(keyOf(token));
    },
    forgetSessions(sessionIds) {
      const now = Date.now();
      if (ended.size > maxCacheEntries) {
        for (const [id, until] of ended) if (until <= now) ended.delete(id);
        if (ended.size > maxCacheEntries) ended.clear();
      }
      const endedIds = new Set(sessionIds);
      for (const id of endedIds) ended.set(id, now + endedMemoryMs);
      for (const [key, entry] of cache) {
        if (entry.session?.sessionId != null && endedIds.has(entry.session.sessionId)) cache.delete(key);
      }
    },
    forgetAll() {
      cache.clear();
    },
  };
}

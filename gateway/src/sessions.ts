import { createHash } from 'node:crypto';
import type { AuthUser } from '@fragtbud/contracts';
import { authUserSchema } from '@fragtbud/contracts';
import { signInternalToken } from '@fragtbud/platform';

interface CacheEntry {
  user: AuthUser | null;
  expiresAt: number;
}

export interface SessionResolver {
  resolve(token: string): Promise<AuthUser | null>;
  forget(token: string): void;
  forgetAll(): void;
}

/** Turns a session token into the caller by asking svc-identity, remembering answers for a short while. */
export function createSessionResolver(options: {
  identityUrl: string;
  secret: string;
  cacheMs: number;
  timeoutMs?: number;
}): SessionResolver {
  const cache = new Map<string, CacheEntry>();
  const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

  async function lookup(token: string): Promise<AuthUser | null> {
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
    const body = (await response.json()) as { user?: unknown };
    return authUserSchema.parse(body.user);
  }

  return {
    async resolve(token) {
      const key = keyOf(token);
      const now = Date.now();
      const cached = cache.get(key);
      if (cached && cached.expiresAt > now) return cached.user;
      const user = await lookup(token);
      if (options.cacheMs > 0) {
        if (cache.size > 10_000) cache.clear();
        cache.set(key, { user, expiresAt: now + options.cacheMs });
      }
      return user;
    },
    forget(token) {
      cache.delete(keyOf(token));
    },
    forgetAll() {
      cache.clear();
    },
  };
}

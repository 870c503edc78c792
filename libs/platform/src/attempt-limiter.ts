/**
 * Counts attempts per key (a client address) in fixed windows, in this process's memory: enough to blunt a flood of
 * expensive requests before any work is done. Not shared between replicas; each one limits on its own.
 */
export interface AttemptLimiter {
  /** Records one attempt; `allowed: false` once the key is over its limit, with the seconds until the window ends. */
  attempt(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number };
}

export function createAttemptLimiter(options: { limit: number; windowMs: number; now?: () => number }): AttemptLimiter {
  const now = options.now ?? Date.now;
  let windowEnds = 0;
  let attempts = new Map<string, number>();
  return {
    attempt(key) {
      const at = now();
      if (at >= windowEnds) {
        windowEnds = at + options.windowMs;
        attempts = new Map();
      }
      const count = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, count);
      if (count <= options.limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - at) / 1000)) };
    },
  };
}

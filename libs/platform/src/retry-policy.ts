export interface RetryPolicy {
  /** Delay before the first redelivery. */
  baseMs: number;
  maxMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { baseMs: 200, maxMs: 30_000 };

/** Exponential back-off: attempt 1 waits `baseMs`, each further attempt twice as long, capped at `maxMs`. */
export function retryDelay(attempt: number, { baseMs, maxMs }: RetryPolicy): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

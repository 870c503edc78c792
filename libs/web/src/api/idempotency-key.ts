import { useCallback, useRef } from 'react';

/** A fresh `Idempotency-Key` (a random UUID; the characters the services accept). */
export function newIdempotencyKey(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `k${Date.now()}${Math.random().toString(36).slice(2)}`;
  return random.replace(/[^A-Za-z0-9_.:-]/g, '');
}

export interface SubmitKey {
  /** The key of the submit under way: the same for its retries and double clicks. */
  current: () => string;
  /** Forget it: after a success, or once the input changed (a different body needs a different key). */
  renew: () => void;
}

/**
 * One `Idempotency-Key` per logical submit (create task, bid, pay, payout), kept across retries and double clicks so
 * the service writes one row however often the button is pressed.
 */
export function useSubmitKey(initial?: string): SubmitKey {
  const key = useRef<string | null>(initial ?? null);
  const current = useCallback(() => (key.current ??= newIdempotencyKey()), []);
  const renew = useCallback(() => {
    key.current = null;
  }, []);
  return useRef({ current, renew }).current;
}

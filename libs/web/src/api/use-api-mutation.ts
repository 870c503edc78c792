import { useCallback, useEffect, useRef, useState } from 'react';

export interface ApiMutationState<A extends unknown[], T> {
  /** Runs the call; resolves with its answer, or with undefined when it failed (the error is in `error`). */
  run: (...args: A) => Promise<T | undefined>;
  pending: boolean;
  /** The last failure, cleared by the next run or `reset`. */
  error: unknown;
  reset: () => void;
}

/** One changing call (save, status change, delete) with its pending and error state, safe after unmount. */
export function useApiMutation<A extends unknown[], T>(mutate: (...args: A) => Promise<T>): ApiMutationState<A, T> {
  const mutateRef = useRef(mutate);
  mutateRef.current = mutate;
  const mounted = useRef(true);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (...args: A) => {
    setPending(true);
    setError(null);
    try {
      const answer = await mutateRef.current(...args);
      return answer;
    } catch (failure) {
      if (mounted.current) setError(failure ?? new Error('Noget gik galt'));
      return undefined;
    } finally {
      if (mounted.current) setPending(false);
    }
  }, []);

  const reset = useCallback(() => setError(null), []);
  return { run, pending, error, reset };
}

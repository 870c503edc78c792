import { useCallback, useEffect, useRef, useState } from 'react';

export interface ApiQueryState<T> {
  /** The last answer; kept while a new key loads, so a list does not blink away between pages. */
  data: T | undefined;
  /** The last failure (usually an ApiError, whose message is the Danish text), or null. */
  error: unknown;
  /** True while a request for the current key (or a reload) runs. */
  loading: boolean;
  /** Asks again for the current key (the "Prøv igen" button). */
  reload: () => void;
  /** Replaces the data in place after a change the caller made itself (a save, a status change). */
  setData: (update: T | ((current: T | undefined) => T | undefined)) => void;
}

/**
 * Loads `fetcher` whenever `key` changes (null = do not load). The previous request is aborted, so a quick
 * sequence of filter changes ends with the answer to the last one; an aborted request never reaches the state.
 */
export function useApiQuery<T>(key: string | null, fetcher: (signal: AbortSignal) => Promise<T>): ApiQueryState<T> {
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(key !== null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    fetcherRef
      .current(controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        setData(() => answer);
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure ?? new Error('Noget gik galt'));
        setLoading(false);
      });
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback((next: T | ((current: T | undefined) => T | undefined)) => {
    setData((current) => (typeof next === 'function' ? (next as (c: T | undefined) => T | undefined)(current) : next));
  }, []);

  return { data, error, loading, reload, setData: update };
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * A thin bridge for screens not yet given their own `api/<operation>.ts`: the old `useApiQuery`/`useApiMutation`
 * shapes on top of the shared QueryClient, so they are cached, deduplicated, cancelled and refetched after a live
 * `resync` like every other query. New code uses `useQuery`/`useMutation` with `queryKeys` directly.
 */
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

/** Loads `fetcher` under `['api', key]` whenever `key` changes (null = do not load). */
export function useApiQuery<T>(key: string | null, fetcher: (signal: AbortSignal) => Promise<T>): ApiQueryState<T> {
  const client = useQueryClient();
  const queryKey = ['api', key] as const;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetcher(signal),
    enabled: key !== null,
    placeholderData: keepPreviousData,
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const setData = useCallback(
    (update: T | ((current: T | undefined) => T | undefined)) => client.setQueryData<T>(['api', key], update as T),
    [client, key],
  );
  return { data: query.data, error: query.error, loading: query.isFetching, reload, setData };
}

export interface ApiMutationState<A extends unknown[], T> {
  /** Runs the call; resolves with its answer, or with undefined when it failed (the error is in `error`). */
  run: (...args: A) => Promise<T | undefined>;
  pending: boolean;
  /** The last failure, cleared by the next run or `reset`. */
  error: unknown;
  reset: () => void;
}

/** One changing call (save, status change, delete) with its pending and error state. */
export function useApiMutation<A extends unknown[], T>(mutate: (...args: A) => Promise<T>): ApiMutationState<A, T> {
  const mutation = useMutation({ mutationFn: (args: A) => mutate(...args) });
  const { mutateAsync, reset } = mutation;
  const run = useCallback(
    async (...args: A) => {
      try {
        return await mutateAsync(args);
      } catch {
        return undefined;
      }
    },
    [mutateAsync],
  );
  return { run, pending: mutation.isPending, error: mutation.error, reset };
}

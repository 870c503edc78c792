import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, type QueryValue } from '@fragtbud/web';

/** How many tasks match `query`: GET /tasks with limit=1, read from `total` (never the whole list). */
export async function countTasks(query: Record<string, QueryValue>, signal?: AbortSignal): Promise<number> {
  const page = await api.get<{ total?: number }>('/tasks', { query: { ...query, page: 1, limit: 1 }, signal });
  const total = Number(page?.total);
  return Number.isFinite(total) && total >= 0 ? total : 0;
}

/**
 * The counts of several filters at once, keyed like the input. A count that fails is null (the card shows a
 * dash) rather than failing the whole dashboard.
 */
export async function countTasksByFilter<K extends string>(
  filters: Record<K, Record<string, QueryValue>>,
  signal?: AbortSignal,
): Promise<Record<K, number | null>> {
  const entries = await Promise.all(
    (Object.entries(filters) as Array<[K, Record<string, QueryValue>]>).map(async ([key, query]) => {
      try {
        return [key, await countTasks(query, signal)] as const;
      } catch (error) {
        if (signal?.aborted) throw error;
        return [key, null] as const;
      }
    }),
  );
  return Object.fromEntries(entries) as Record<K, number | null>;
}

/** The dashboard's counts, under the task lists' key so any task change refreshes them. */
export function useTaskCounts<K extends string>(filters: Record<K, Record<string, QueryValue>>) {
  return useQuery({ queryKey: queryKeys.tasks({ counts: filters }), queryFn: ({ signal }) => countTasksByFilter(filters, signal) });
}

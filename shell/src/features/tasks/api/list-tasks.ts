import type { Task, TasksPage } from '@fragtbud/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeys, type QueryValue } from '@fragtbud/web';

/** GET /tasks query: the filters of API.md, all optional, plus the page. */
export type TaskListQuery = Record<string, QueryValue>;

/** One page of tasks, filtered and paged by the server (never the whole list). */
export async function listTasks(query: TaskListQuery, signal?: AbortSignal): Promise<TasksPage> {
  const answer = await api.get<Partial<TasksPage> | Task[]>('/tasks', { query, signal });
  if (Array.isArray(answer)) return { items: answer, total: answer.length, page: 1, limit: answer.length };
  return {
    items: answer?.items ?? [],
    total: Number(answer?.total ?? 0),
    totalIsEstimate: answer?.totalIsEstimate === true,
    page: Number(answer?.page ?? query.page ?? 1),
    limit: Number(answer?.limit ?? query.limit ?? 20),
  };
}

/** The filters without empty values, so `{q: ''}` and `{}` share one cache entry. */
function filtersOf(query: TaskListQuery): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') filters[name] = String(value);
  }
  return filters;
}

export const taskListQueryOptions = (query: TaskListQuery) =>
  queryOptions({ queryKey: queryKeys.tasks(filtersOf(query)), queryFn: ({ signal }) => listTasks(query, signal) });

/** The page of tasks for `query`; the previous page stays on screen while the next one loads. */
export function useTaskList(query: TaskListQuery) {
  return useQuery({ ...taskListQueryOptions(query), placeholderData: keepPreviousData });
}

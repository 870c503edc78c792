import type { Task, TasksPage } from '@fragtbud/contracts';
import { api, useApiQuery, type QueryValue } from '@fragtbud/web';

/** GET /tasks query: the filters of API.md, all optional, plus the page. */
export type TaskListQuery = Record<string, QueryValue>;

/** One page of tasks, filtered and paged by the server (never the whole list). */
export async function listTasks(query: TaskListQuery, signal?: AbortSignal): Promise<TasksPage> {
  const answer = await api.get<Partial<TasksPage> | Task[]>('/tasks', { query, signal });
  if (Array.isArray(answer)) return { items: answer, total: answer.length, page: 1, limit: answer.length };
  return {
    items: answer?.items ?? [],
    total: Number(answer?.total ?? 0),
    page: Number(answer?.page ?? query.page ?? 1),
    limit: Number(answer?.limit ?? query.limit ?? 20),
  };
}

function keyOf(query: TaskListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  params.sort();
  return params.toString();
}

/** The page of tasks for `query`; a new query aborts the previous request and keeps the old page on screen meanwhile. */
export function useTaskList(query: TaskListQuery) {
  return useApiQuery(keyOf(query), (signal) => listTasks(query, signal));
}

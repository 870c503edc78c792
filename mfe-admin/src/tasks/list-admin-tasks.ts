import type { TaskListStatus, TasksPage } from '@fragtbud/contracts';
import { api, useApiQuery } from '@fragtbud/web';

export const ADMIN_TASKS_PAGE_SIZE = 20;

export interface AdminTaskQuery {
  status: TaskListStatus | '';
  q: string;
  page: number;
}

/** GET /tasks as an admin sees it (every task), one page at a time. */
export async function listAdminTasks(query: AdminTaskQuery, signal?: AbortSignal): Promise<TasksPage> {
  const page = await api.get<Partial<TasksPage>>('/tasks', {
    query: { status: query.status || undefined, q: query.q.trim() || undefined, page: query.page, limit: ADMIN_TASKS_PAGE_SIZE },
    signal,
  });
  return { items: page?.items ?? [], total: Number(page?.total ?? 0), page: query.page, limit: ADMIN_TASKS_PAGE_SIZE };
}

export function useAdminTasks(query: AdminTaskQuery) {
  return useApiQuery(`${query.status}|${query.q.trim()}|${query.page}`, (signal) => listAdminTasks(query, signal));
}

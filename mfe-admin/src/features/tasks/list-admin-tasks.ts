import type { TaskListStatus, TasksPage } from '@fragtbud/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

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
  return {
    items: page?.items ?? [],
    total: Number(page?.total ?? 0),
    totalIsEstimate: page?.totalIsEstimate === true,
    page: query.page,
    limit: ADMIN_TASKS_PAGE_SIZE,
  };
}

export function useAdminTasks(query: AdminTaskQuery) {
  const filters = { status: query.status, q: query.q.trim(), page: query.page };
  return useQuery({
    queryKey: queryKeys.tasks({ admin: true, ...filters }),
    queryFn: ({ signal }) => listAdminTasks(query, signal),
    placeholderData: keepPreviousData,
  });
}

import { limits, type TasksPage } from '@fragtbud/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

/** Spec section 9: the dashboard lists the 8 newest tasks. */
export const RECENT_TASKS = limits.dashboardRecentTasks;

/** The newest tasks (the API lists newest first), the viewer's own unless `mine` is false (admins). */
export async function listRecentTasks(mine: boolean, signal?: AbortSignal): Promise<TasksPage> {
  const page = await api.get<Partial<TasksPage>>('/tasks', { query: { mine: mine || undefined, page: 1, limit: RECENT_TASKS }, signal });
  return { items: page?.items ?? [], total: Number(page?.total ?? 0), page: 1, limit: RECENT_TASKS };
}

export function useRecentTasks(mine: boolean) {
  return useQuery({ queryKey: queryKeys.tasks({ recent: true, mine }), queryFn: ({ signal }) => listRecentTasks(mine, signal) });
}

import { useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

export interface AdminCounts {
  tasks: number;
  carriers: number;
  users: number;
  /** Deletion requests waiting for an admin (the inbox's `total`). */
  deletionRequests: number;
}

const COUNT_PATHS: Record<Exclude<keyof AdminCounts, 'deletionRequests'>, string> = {
  tasks: '/admin/tasks/pending-count',
  carriers: '/admin/carriers/pending-count',
  users: '/admin/users/blocked-count',
};

/** A missing endpoint or any failure counts as 0 (spec section 8, silent behaviours). */
async function fetchCount(path: string, signal?: AbortSignal): Promise<number> {
  try {
    const answer = await api.get<{ count?: unknown }>(path, { signal });
    const count = Number(answer?.count);
    return Number.isFinite(count) && count > 0 ? count : 0;
  } catch {
    return 0;
  }
}

/** The pending deletion requests, counted by the inbox itself; a failure counts as 0 like the others. */
async function fetchPendingDeletionRequests(signal?: AbortSignal): Promise<number> {
  try {
    const answer = await api.get<{ total?: unknown }>('/admin/deletion-requests', { query: { status: 'pending' }, signal });
    const count = Number(answer?.total);
    return Number.isFinite(count) && count > 0 ? count : 0;
  } catch {
    return 0;
  }
}

export async function getAdminCounts(signal?: AbortSignal): Promise<AdminCounts> {
  const [tasks, carriers, users, deletionRequests] = await Promise.all([
    fetchCount(COUNT_PATHS.tasks, signal),
    fetchCount(COUNT_PATHS.carriers, signal),
    fetchCount(COUNT_PATHS.users, signal),
    fetchPendingDeletionRequests(signal),
  ]);
  return { tasks, carriers, users, deletionRequests };
}

/** The tab badges, under the admin's key: any admin change can refresh them. */
export const useAdminCountsQuery = () => useQuery({ queryKey: queryKeys.adminCounts(), queryFn: ({ signal }) => getAdminCounts(signal) });

import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@fragtbud/web';
import { useAdminCountsQuery, type AdminCounts } from '../../shared/api/admin-counts-api';

const NO_COUNTS: AdminCounts = { tasks: 0, carriers: 0, users: 0, deletionRequests: 0 };

/** The tab badges; `refresh` is called after an action that changes them (approve, block …). */
export function useAdminCounts(): { counts: AdminCounts; refresh: () => void } {
  const client = useQueryClient();
  const { data } = useAdminCountsQuery();
  return { counts: data ?? NO_COUNTS, refresh: () => void client.invalidateQueries({ queryKey: queryKeys.adminCounts() }) };
}

import { useQuery } from '@tanstack/react-query';
import type { CarrierListAssignmentJson } from '@fragtbud/contracts';
import { api, carrierListLabel, NO_LIST_LABEL, queryKeys } from '@fragtbud/web';

/** GET /admin/carrier-lists/assignments?userId= (admin, svc-ledger): the carrier's list as 'A (8% gebyr)'. */
export async function getCarrierListLabel(carrierId: number, signal?: AbortSignal): Promise<string> {
  const answer = await api.get<{ items?: CarrierListAssignmentJson[] }>('/admin/carrier-lists/assignments', { query: { userId: carrierId }, signal });
  const assignment = answer?.items?.find((item) => item.userId === carrierId);
  return assignment ? carrierListLabel(assignment.list) : NO_LIST_LABEL;
}

/** The assigned carrier's list, asked only for an admin (nobody else may read the lists). */
export function useCarrierListLabel(carrierId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.carrierListAssignment(carrierId ?? 0),
    queryFn: ({ signal }) => getCarrierListLabel(carrierId ?? 0, signal),
    enabled: enabled && carrierId !== null,
  });
}

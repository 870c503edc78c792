import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InsuranceRecord } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** GET /admin/users/{id}/insurance: a carrier's insurance documents (newest first, expired ones marked). */
export async function listCarrierInsurance(carrierId: number, signal?: AbortSignal): Promise<InsuranceRecord[]> {
  const { items } = await api.get<{ items: InsuranceRecord[] }>(`/admin/users/${carrierId}/insurance`, { signal });
  return items;
}

export const carrierInsuranceQueryOptions = (carrierId: number) =>
  queryOptions({ queryKey: queryKeys.adminCarrierInsurance(carrierId), queryFn: ({ signal }) => listCarrierInsurance(carrierId, signal) });

/** Asked only while `enabled` (the admin opened the carrier's insurance). */
export function useCarrierInsurance(carrierId: number, enabled: boolean) {
  return useQuery({ ...carrierInsuranceQueryOptions(carrierId), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FinancialOverview, PlatformSaldo } from '@fragtbud/contracts';
import { API_BASE, api, queryKeys } from '@fragtbud/web';

export const getFinancialOverview = (signal?: AbortSignal) => api.get<FinancialOverview>('/admin/financial-overview', { signal });
export const getPlatformSaldo = (signal?: AbortSignal) => api.get<PlatformSaldo>('/admin/platform-saldo', { signal });

/** GET /admin/financial-overview and GET /admin/platform-saldo, shown together. */
export async function getFinancial(signal?: AbortSignal): Promise<{ overview: FinancialOverview; saldo: PlatformSaldo }> {
  const [overview, saldo] = await Promise.all([getFinancialOverview(signal), getPlatformSaldo(signal)]);
  return { overview, saldo };
}

export const financialQueryOptions = () => queryOptions({ queryKey: queryKeys.adminFinancial(), queryFn: ({ signal }) => getFinancial(signal) });

export const useFinancial = () => useQuery(financialQueryOptions());

export const platformSaldoCsvUrl = () => `${API_BASE}/admin/platform-saldo.csv`;

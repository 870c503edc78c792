import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyLookup } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export const lookUpCompany = (cvrNumber: string, signal?: AbortSignal) => api.get<CompanyLookup>(`/cvr/${encodeURIComponent(cvrNumber)}`, { signal });

/** GET /cvr/{nr}: the company as the CVR register has it. A miss will not turn into a hit, so no retries. */
export const companyQueryOptions = (cvrNumber: string) =>
  queryOptions({ queryKey: queryKeys.company(cvrNumber), queryFn: ({ signal }) => lookUpCompany(cvrNumber, signal), retry: false });

export const useCompany = (cvrNumber: string | null) => useQuery({ ...companyQueryOptions(cvrNumber ?? ''), enabled: cvrNumber !== null });

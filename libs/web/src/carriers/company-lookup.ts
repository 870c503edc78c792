import { queryOptions } from '@tanstack/react-query';
import type { CompanyLookup } from '@fragtbud/contracts';
import { api } from '../api/api-client';
import { queryKeys } from '../query/query-keys';

/** GET /cvr/{nr}: the company as the CVR register has it (the billing tab's look-up and the carrier's CVR tab). */
export const lookUpCompany = (cvrNumber: string, signal?: AbortSignal) => api.get<CompanyLookup>(`/cvr/${encodeURIComponent(cvrNumber)}`, { signal });

/** A miss will not turn into a hit, so no retries. */
export const companyQueryOptions = (cvrNumber: string) =>
  queryOptions({ queryKey: queryKeys.company(cvrNumber), queryFn: ({ signal }) => lookUpCompany(cvrNumber, signal), retry: false });

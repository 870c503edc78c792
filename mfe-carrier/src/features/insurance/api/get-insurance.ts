import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InsuranceRecord } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export const listOwnInsurance = (signal?: AbortSignal) => api.get<{ items: InsuranceRecord[] }>('/users/insurance/me', { signal });

export const insuranceQueryOptions = () => queryOptions({ queryKey: queryKeys.myInsurance(), queryFn: ({ signal }) => listOwnInsurance(signal) });

/** GET /users/insurance/me: the carrier's insurance certificates. */
export const useOwnInsurance = () => useQuery(insuranceQueryOptions());

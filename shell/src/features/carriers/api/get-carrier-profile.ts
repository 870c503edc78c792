import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierProfile } from '@fragtbud/contracts';
import { api, isApiError, queryKeys } from '@fragtbud/web';

/** GET /carriers/{id}: a carrier's public page (company, CVR, member since, ratings, latest reviews, badges). */
export function getCarrierProfile(carrierId: number, signal?: AbortSignal): Promise<CarrierProfile> {
  return api.get<CarrierProfile>(`/carriers/${carrierId}`, { signal });
}

export const carrierProfileQueryOptions = (carrierId: number) =>
  queryOptions({
    queryKey: queryKeys.carrier(carrierId),
    queryFn: ({ signal }) => getCarrierProfile(carrierId, signal),
    // An unknown carrier stays unknown: no retries on 400/404.
    retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < 2,
  });

/** Nothing is asked for a malformed link (`carrierId` 0). */
export function useCarrierProfile(carrierId: number) {
  return useQuery({ ...carrierProfileQueryOptions(carrierId), enabled: carrierId > 0 });
}

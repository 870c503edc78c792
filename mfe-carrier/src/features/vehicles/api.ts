import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarrierFieldProfile, CarrierFieldProfileBody } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export const fieldProfileQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.myFieldProfile(), queryFn: ({ signal }) => api.get<CarrierFieldProfile>('/carrier/profile', { signal }) });

/** GET /carrier/profile: the carrier's vehicles and coverage regions. */
export const useFieldProfile = () => useQuery(fieldProfileQueryOptions());

/** PUT /carrier/profile (the whole list each time, so a repeat is harmless). */
export function useSaveFieldProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CarrierFieldProfileBody) => api.put<CarrierFieldProfile>('/carrier/profile', body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myFieldProfile() }),
  });
}

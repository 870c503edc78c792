import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertBody, AlertList, AlertPatch } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export const alertsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.myAlerts(), queryFn: ({ signal }) => api.get<AlertList>('/alerts', { signal }) });

/** GET /alerts: the carrier's own load alerts. */
export const useAlerts = () => useQuery(alertsQueryOptions());

/** POST /alerts; the key makes a double click (or a retry) one alert. */
export function useCreateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: AlertBody; idempotencyKey: string }) => api.post<Alert>('/alerts', body, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myAlerts() }),
  });
}

/** PATCH /alerts/{id}: pause or resume, e-mail mode, criteria. */
export function useChangeAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: AlertPatch }) => api.patch<Alert>(`/alerts/${id}`, patch),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myAlerts() }),
  });
}

/** DELETE /alerts/{id}. */
export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/alerts/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myAlerts() }),
  });
}

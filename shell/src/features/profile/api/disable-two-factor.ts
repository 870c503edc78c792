import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

export const disableTwoFactor = (code: string) => api.post<unknown>('/auth/2fa/disable', { code }, { preferServerMessage: true });

/** POST /auth/2fa/disable with the app's code; the status is asked again. */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myTwoFactor() }),
  });
}

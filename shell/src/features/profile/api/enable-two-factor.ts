import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

export const enableTwoFactor = (code: string) => api.post<{ recoveryCodes: string[] }>('/auth/2fa/enable', { code }, { preferServerMessage: true });

/** POST /auth/2fa/enable with the app's code: answers the recovery codes (shown once); the status is asked again. */
export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myTwoFactor() }),
  });
}

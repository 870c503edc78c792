import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export const changePassword = (body: PasswordChange) => api.post<unknown>('/auth/reset-password', body, { preferServerMessage: true });

/**
 * POST /auth/reset-password with the current password (signed in): the user's other sessions end, so the sessions
 * list ('Aktive sessioner') is asked for again.
 */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.mySessions() }),
  });
}

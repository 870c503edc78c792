import { useMutation } from '@tanstack/react-query';
import { api } from '@fragtbud/web';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export const changePassword = (body: PasswordChange) => api.post<unknown>('/auth/reset-password', body, { preferServerMessage: true });

/** POST /auth/reset-password with the current password (signed in): nothing cached changes. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });

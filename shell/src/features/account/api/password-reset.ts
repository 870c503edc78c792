import { useMutation } from '@tanstack/react-query';
import { api } from '@fragtbud/web';

/** POST /auth/forgot-password: a reset link; the answer is the same whether the account exists or not. */
export const requestPasswordReset = (body: { email: string }) =>
  api.post<{ message: string } | undefined>('/auth/forgot-password', body, { preferServerMessage: true });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

/** POST /auth/reset-password: the new password with the link's token (a used or expired link answers so). */
export const resetPassword = (body: { token: string; newPassword: string }) =>
  api.post<unknown>('/auth/reset-password', body, { preferServerMessage: true });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

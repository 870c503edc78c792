import { useMutation } from '@tanstack/react-query';
import { api } from '@fragtbud/web';

/** POST /auth/verify-request: the e-mail confirmation link again (400 names the field, 429 says when to ask again). */
export const requestVerificationMail = (email: string) => api.post<unknown>('/auth/verify-request', { email }, { preferServerMessage: true });
export const useRequestVerificationMail = () => useMutation({ mutationFn: requestVerificationMail });

/** POST /auth/2fa/email/request: the login's second step by a code sent by e-mail instead of the app. */
export const requestLoginCodeByEmail = (body: { email: string; challenge: string }) =>
  api.post<unknown>('/auth/2fa/email/request', body, { preferServerMessage: true });
export const useRequestLoginCodeByEmail = () => useMutation({ mutationFn: requestLoginCodeByEmail });

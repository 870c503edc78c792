import { useMutation } from '@tanstack/react-query';
import { api } from '@fragtbud/web';

export interface TwoFactorSetup {
  qr: string;
  base32: string;
}

export const setUpTwoFactor = () => api.post<TwoFactorSetup>('/auth/2fa/setup', undefined, { preferServerMessage: true });

/** POST /auth/2fa/setup: a new secret (QR code and key); two-factor is not on until it is enabled with a code. */
export const useSetUpTwoFactor = () => useMutation({ mutationFn: setUpTwoFactor });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

export interface TwoFactorStatus {
  enabled: boolean;
  pending: boolean;
  recoveryCodesLeft: number;
}

export const getTwoFactorStatus = (signal?: AbortSignal) => api.get<TwoFactorStatus>('/auth/2fa', { signal });

export const twoFactorQueryOptions = () => queryOptions({ queryKey: queryKeys.myTwoFactor(), queryFn: ({ signal }) => getTwoFactorStatus(signal) });

/** GET /auth/2fa: whether two-factor is on and how many recovery codes are left. */
export const useTwoFactorStatus = () => useQuery(twoFactorQueryOptions());

import { useQuery } from '@tanstack/react-query';
import { api } from '@fragtbud/web';

export const verifyEmail = (token: string) => api.post<{ message: string } | undefined>('/auth/verify-email', { token }, { preferServerMessage: true });

/**
 * POST /auth/verify-email once per token, however often the page mounts (StrictMode mounts twice; a token works
 * once): the answer is kept for the page's life and never asked again, not on focus and not as a retry.
 */
export const useVerifyEmail = (token: string) =>
  useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

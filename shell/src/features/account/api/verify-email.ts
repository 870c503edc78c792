import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys, useSession, type User } from '@fragtbud/web';

export const verifyEmail = (token: string) => api.post<{ message: string } | undefined>('/auth/verify-email', { token }, { preferServerMessage: true });

/**
 * POST /auth/verify-email once per token, however often the page mounts (StrictMode mounts twice; a token works
 * once): the answer is kept for the page's life and never asked again, not on focus and not as a retry.
 */
export const useVerifyEmail = (token: string) =>
  useQuery({
    queryKey: queryKeys.emailVerification(token),
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * After a confirmed e-mail, a signed-in user's session and lists catch up: the profile says the e-mail is confirmed
 * (no more reminder) and tasks made as a guest with it, now theirs, show. The verification itself is not asked again.
 */
export function useRefreshAfterVerification(verified: boolean) {
  const queryClient = useQueryClient();
  const signedIn = useSession((state) => state.user !== null);
  const setUser = useSession((state) => state.setUser);
  useEffect(() => {
    if (!verified || !signedIn) return;
    api
      .get<{ user: User }>('/auth/profile')
      .then(({ user }) => setUser(user))
      .catch(() => undefined); // the page has said the e-mail is confirmed; the next load brings the profile anyway
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'verify-email' });
  }, [verified, signedIn, setUser, queryClient]);
}

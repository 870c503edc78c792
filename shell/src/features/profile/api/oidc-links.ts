import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OidcLink } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export const listOidcLinks = (signal?: AbortSignal) => api.get<{ items: OidcLink[] }>('/auth/oidc/links', { signal });

export const oidcLinksQueryOptions = () => queryOptions({ queryKey: queryKeys.myOidcLinks(), queryFn: ({ signal }) => listOidcLinks(signal) });

/** GET /auth/oidc/links: the provider logins linked to the caller's account. */
export const useOidcLinks = () => useQuery(oidcLinksQueryOptions());

export const removeOidcLink = (id: number) => api.delete<unknown>(`/auth/oidc/links/${id}`, { preferServerMessage: true });

/** DELETE /auth/oidc/links/{id}: the link leaves the cached list at once. */
export function useRemoveOidcLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeOidcLink,
    onSuccess: (_answer, id) =>
      client.setQueryData<{ items: OidcLink[] }>(queryKeys.myOidcLinks(), (current) => current && { items: current.items.filter((item) => item.id !== id) }),
  });
}

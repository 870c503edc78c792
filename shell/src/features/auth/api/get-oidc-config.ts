import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

export interface OidcConfig {
  enabled: boolean;
  label: string | null;
}

export const getOidcConfig = (signal?: AbortSignal) => api.get<OidcConfig>('/auth/oidc/config', { signal });

export const oidcConfigQueryOptions = () => queryOptions({ queryKey: queryKeys.oidcConfig(), queryFn: ({ signal }) => getOidcConfig(signal) });

/** GET /auth/oidc/config: whether an OpenID Connect provider is configured, and its button text. */
export const useOidcConfig = () => useQuery(oidcConfigQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

/** The map services the gateway names (MAP_STYLE_URL, ROUTING_URL): a MapLibre style and an OSRM-compatible router. */
export interface MapSettings {
  styleUrl: string;
  routingUrl: string | null;
}

/** The company behind the site, as the gateway's configuration gives it (GET /api/site; SITE_* keys), and its map. */
export interface SiteInfo {
  companyName: string;
  cvr: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  /** null (or absent, from an older gateway): no map service configured, the route stays the offline drawing. */
  map?: MapSettings | null;
}

/** Until the answer arrives (or when it fails) only the name is shown: nothing made up. */
export const fallbackSiteInfo: SiteInfo = { companyName: 'Fragtbud', cvr: null, address: null, email: null, phone: null };

export const getSiteInfo = (signal?: AbortSignal) => api.get<SiteInfo>('/site', { signal });

/** The configuration does not change while the page is open: asked for once, again only after a failure. */
export const siteInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.siteInfo(), queryFn: ({ signal }) => getSiteInfo(signal), staleTime: Infinity, refetchOnWindowFocus: false });

export function useSiteInfo(): SiteInfo {
  const { data } = useQuery(siteInfoQueryOptions());
  return data ?? fallbackSiteInfo;
}

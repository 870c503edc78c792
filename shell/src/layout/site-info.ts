import { useEffect, useState } from 'react';
import { api } from '@fragtbud/web';

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

let cached: Promise<SiteInfo> | undefined;

export function loadSiteInfo(): Promise<SiteInfo> {
  cached ??= api.get<SiteInfo>('/site').catch(() => {
    cached = undefined;
    return fallbackSiteInfo;
  });
  return cached;
}

/** For tests: forget the cached answer. */
export function resetSiteInfo(): void {
  cached = undefined;
}

export function useSiteInfo(): SiteInfo {
  const [site, setSite] = useState<SiteInfo>(fallbackSiteInfo);
  useEffect(() => {
    let live = true;
    void loadSiteInfo().then((info) => {
      if (live) setSite(info);
    });
    return () => {
      live = false;
    };
  }, []);
  return site;
}

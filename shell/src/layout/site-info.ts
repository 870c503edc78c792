import { useEffect, useState } from 'react';
import { api } from '@fragtbud/web';

/** The company behind the site, as the gateway's configuration gives it (GET /api/site; SITE_* keys). */
export interface SiteInfo {
  companyName: string;
  cvr: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
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

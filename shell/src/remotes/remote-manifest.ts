/** Remote container names the shell knows how to use. */
export type RemoteName = 'mfe_customer' | 'mfe_carrier' | 'mfe_admin';

export interface RemoteManifest {
  remotes: Partial<Record<RemoteName, string>>;
}

export const MANIFEST_PATH = '/mf-manifest.json';

let manifestRequest: Promise<RemoteManifest> | null = null;

async function fetchManifest(): Promise<RemoteManifest> {
  const response = await fetch(new URL(MANIFEST_PATH, window.location.origin), {
    headers: { Accept: 'application/json' },
    cache: 'no-cache',
  });
  if (!response.ok) throw new Error(`Remote manifest answered ${response.status}`);
  const body = (await response.json()) as Partial<RemoteManifest> | null;
  if (!body || typeof body.remotes !== 'object' || body.remotes === null) {
    throw new Error('Remote manifest has no remotes');
  }
  return { remotes: body.remotes };
}

/**
 * The runtime manifest (served by the gateway) says where each remote's remoteEntry.js lives, so a remote can be
 * redeployed without rebuilding the shell. Fetched once, the first time a remote is needed; a failure is not
 * cached, so "Prøv igen" asks again.
 */
export function getRemoteManifest(): Promise<RemoteManifest> {
  manifestRequest ??= fetchManifest().catch((error: unknown) => {
    manifestRequest = null;
    throw error;
  });
  return manifestRequest;
}

/** For tests: forget the cached manifest. */
export function resetRemoteManifest(): void {
  manifestRequest = null;
}

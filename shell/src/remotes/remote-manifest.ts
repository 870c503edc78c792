import { hostedContractVersions } from './hosted-contracts';

/** Remote container names the shell knows how to use. */
export type RemoteName = 'mfe_customer' | 'mfe_carrier' | 'mfe_admin';

/** One published release of a remote (libs/contracts `remoteReleaseSchema`; not imported: it would bring zod). */
export interface RemoteRelease {
  version: string;
  entry: string;
  contractVersion: number;
}

export interface RemoteManifest {
  /** Where each remote's remoteEntry.js is now. */
  remotes: Partial<Record<RemoteName, string>>;
  /** Remotes released with `npm run remote:publish`: the current release first, then the ones in use before it. */
  releases?: Partial<Record<RemoteName, RemoteRelease[]>>;
}

export const MANIFEST_PATH = '/mf-manifest.json';

/** No published release of a remote implements the contract this shell hosts. */
export class RemoteContractError extends Error {
  override readonly name = 'RemoteContractError';
}

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
  const releases = typeof body.releases === 'object' && body.releases !== null ? body.releases : undefined;
  return { remotes: body.remotes, ...(releases ? { releases } : {}) };
}

/**
 * The runtime manifest (served by the gateway) says where each remote's remoteEntry.js lives, so a remote can be
 * released without rebuilding or restarting anything. Fetched once per page load, the first time a remote is
 * needed; a failure is not cached, so "Prøv igen" asks again.
 */
export function getRemoteManifest(): Promise<RemoteManifest> {
  manifestRequest ??= fetchManifest().catch((error: unknown) => {
    manifestRequest = null;
    throw error;
  });
  return manifestRequest;
}

/**
 * Where to load `name` from. A remote that was published (`releases`) is taken at its newest release whose contract
 * this shell hosts: the current one, or, when that one is incompatible, the last compatible one in use before it.
 * None compatible: refused (the caller shows the Danish fallback). Never published: the built-in `remotes` entry.
 */
export function chooseRemoteEntry(manifest: RemoteManifest, name: RemoteName): { entry: string; version?: string } {
  const releases = manifest.releases?.[name];
  if (!Array.isArray(releases) || releases.length === 0) {
    const entry = manifest.remotes[name];
    if (!entry) throw new Error(`The remote manifest does not list ${name}`);
    return { entry };
  }
  const hosted = hostedContractVersions[name];
  const release = releases.find((candidate) => candidate.contractVersion === hosted && typeof candidate.entry === 'string');
  const published = releases.map((candidate) => `${candidate.version} (contract ${candidate.contractVersion})`).join(', ');
  if (!release) {
    throw new RemoteContractError(`${name}: no published release implements contract version ${hosted}, which this shell hosts; published: ${published}`);
  }
  if (release !== releases[0]) {
    console.warn(`${name} ${releases[0]?.version} refused: its contract is not the one this shell hosts (${hosted}); using ${release.version}`);
  }
  return { entry: release.entry, version: release.version };
}

/** For tests: forget the cached manifest. */
export function resetRemoteManifest(): void {
  manifestRequest = null;
}

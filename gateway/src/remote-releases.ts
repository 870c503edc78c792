import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  remoteContainerOf,
  remoteContractFileSchema,
  remoteFolders,
  remotesManifestFileSchema,
  remoteVersionSchema,
  type RemoteFolder,
  type RemoteRelease,
  type ServedRemoteManifest,
} from '@fragtbud/contracts';
import { createRemoteBucket, pullRemoteReleases, type Logger } from '@fragtbud/platform';
import { remoteBucketOf, remotesDirOf, type GatewayConfig } from './config';

/**
 * The remotes released alone (`npm run remote:publish`, deploy/src/remote-release.ts) as the running gateway sees
 * them: REMOTES_DIR/manifest.json says which version of each remote is current and which were before it, each
 * version folder's contract.json which props contract it implements. Re-read when the file changes (looked at no
 * more often than every `checkMs`), so a release or a rollback reaches the next page load within seconds, without
 * a restart. A remote the file does not list keeps the built-in entry.
 */
export interface RemoteReleases {
  /** GET /mf-manifest.json. */
  manifest(): Promise<ServedRemoteManifest>;
  /** The folder of a published version of `folder`, or null when there is none (unknown remote or version). */
  versionDir(folder: string, version: string): Promise<string | null>;
}

export function createRemoteReleases(options: {
  dir: string;
  builtIn: ServedRemoteManifest['remotes'];
  checkMs: number;
  logger: Logger;
  now?: () => number;
  /** Brings `dir` up to date first (object storage: pullRemoteReleases); a failure keeps what `dir` holds. */
  pull?: () => Promise<void>;
}): RemoteReleases {
  const { dir, builtIn, checkMs, logger, pull } = options;
  const now = options.now ?? Date.now;
  const manifestFile = path.join(dir, 'manifest.json');
  let checkedAt = -Infinity;
  /** What manifest.json looked like when `served` was built: a rename gives it a new inode, a rewrite a new mtime. */
  let seen = '';
  let served: ServedRemoteManifest = { remotes: { ...builtIn } };
  let refreshing: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    if (pull) {
      await pull().catch((error: unknown) => {
        logger.warn({ err: error }, 'could not pull remote releases from object storage; serving the ones already here');
      });
    }
    const stats = await stat(manifestFile).catch(() => null);
    const signature = stats ? `${stats.ino}:${stats.mtimeMs}:${stats.size}` : 'none';
    if (signature === seen) return;
    if (!stats) {
      seen = signature;
      served = { remotes: { ...builtIn } };
      return;
    }
    try {
      const file = remotesManifestFileSchema.parse(JSON.parse(await readFile(manifestFile, 'utf8')));
      served = await buildManifest(file);
      seen = signature;
    } catch (error) {
      // A broken file changes nothing: the last good manifest stays (and the file is read again once it changes).
      seen = signature;
      logger.error({ err: error, file: manifestFile }, 'REMOTES_DIR/manifest.json is not valid; keeping the remotes in use');
    }
  }

  async function buildManifest(file: ReturnType<typeof remotesManifestFileSchema.parse>): Promise<ServedRemoteManifest> {
    const remotes = { ...builtIn };
    const releases: NonNullable<ServedRemoteManifest['releases']> = {};
    for (const folder of remoteFolders) {
      const entry = file.remotes[folder];
      if (!entry) continue;
      const versions = [entry.current, ...entry.history.filter((version) => version !== entry.current)];
      const list: RemoteRelease[] = [];
      for (const version of versions) {
        const release = await releaseOf(folder, version);
        if (release) list.push(release);
      }
      if (list.length === 0) continue;
      const container = remoteContainerOf[folder];
      releases[container] = list;
      remotes[container] = list[0]!.entry;
    }
    return { remotes, releases };
  }

  async function releaseOf(folder: RemoteFolder, version: string): Promise<RemoteRelease | null> {
    try {
      const contract = remoteContractFileSchema.parse(JSON.parse(await readFile(path.join(dir, folder, version, 'contract.json'), 'utf8')));
      if ((await stat(path.join(dir, folder, version, 'remoteEntry.js'))).isFile()) {
        return { version, entry: `/remotes/${folder}/${encodeURIComponent(version)}/remoteEntry.js`, contractVersion: contract.contractVersion };
      }
    } catch (error) {
      logger.warn({ err: error, remote: folder, version }, 'a published remote version is incomplete; left out of the manifest');
    }
    return null;
  }

  return {
    async manifest() {
      if (now() - checkedAt >= checkMs) {
        refreshing ??= refresh().finally(() => {
          checkedAt = now();
          refreshing = null;
        });
        await refreshing;
      }
      return served;
    },
    async versionDir(folder, version) {
      if (!(remoteFolders as readonly string[]).includes(folder) || !remoteVersionSchema.safeParse(version).success) return null;
      const candidate = path.join(dir, folder, version);
      const stats = await stat(path.join(candidate, 'contract.json')).catch(() => null);
      return stats?.isFile() ? candidate : null;
    },
  };
}

/**
 * With REMOTES_S3_BUCKET: what brings REMOTES_DIR up to the bucket's manifest before each look (only when the
 * manifest's ETag changed; a version already here is never fetched again). Undefined without a bucket.
 */
export function remotePuller(config: GatewayConfig): (() => Promise<void>) | undefined {
  const bucketConfig = remoteBucketOf(config);
  if (!bucketConfig) return undefined;
  const bucket = createRemoteBucket(bucketConfig);
  const dir = remotesDirOf(config);
  let tag: string | null = null;
  return async () => {
    tag = (await pullRemoteReleases(bucket, dir, tag)).tag;
  };
}

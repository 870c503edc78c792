import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { remoteFolders, remotesManifestFileSchema, remoteVersionSchema } from '@fragtbud/contracts';

/*
 * Remote releases in object storage (issue 27): `npm run remote:publish` uploads a built remote to
 * `<prefix><name>/<version>/…` and rewrites `<prefix>manifest.json`; every gateway replica pulls what the manifest
 * names into its own REMOTES_DIR and serves it from there exactly as a release written to a shared directory. A
 * published version is never overwritten, so a copy once pulled stays right; the manifest is one object, replaced
 * whole by each PUT, so a reader never sees half of it.
 */

export interface RemoteBucketConfig {
  bucket: string;
  /** Folders ending in '/', or ''. */
  prefix: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const prefixPattern = /^([A-Za-z0-9_-]+\/)*$/;

/**
 * REMOTES_S3_BUCKET (and REMOTES_S3_PREFIX, default `remotes/`) selects object storage; the connection is the
 * uploads' one (S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY, or the SDK's
 * own chain without keys). Null without a bucket: releases live in REMOTES_DIR alone.
 */
export function remoteBucketFromEnv(env: NodeJS.ProcessEnv): RemoteBucketConfig | null {
  const bucket = env.REMOTES_S3_BUCKET?.trim();
  if (!bucket) return null;
  const prefix = env.REMOTES_S3_PREFIX?.trim() ?? 'remotes/';
  if (!prefixPattern.test(prefix)) throw new Error(`REMOTES_S3_PREFIX: folders ending in /, e.g. remotes/ (got "${prefix}")`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim();
  return {
    bucket,
    prefix,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    forcePathStyle: pathStyle ? pathStyle === 'true' : Boolean(endpoint),
    accessKeyId,
    secretAccessKey,
  };
}

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.br': 'application/octet-stream',
  '.gz': 'application/octet-stream',
};
const immutable = 'public, max-age=31536000, immutable';

export interface RemoteBucket {
  describe(): string;
  /** The manifest's ETag, or null while none was published. */
  manifestTag(): Promise<string | null>;
  readManifest(): Promise<string | null>;
  writeManifest(text: string): Promise<void>;
  hasVersion(name: string, version: string): Promise<boolean>;
  /** Uploads a built version folder; contract.json last, so a version with a contract is complete. */
  uploadVersion(localDir: string, name: string, version: string): Promise<void>;
  /** Downloads a published version into `localDir` (created). */
  downloadVersion(name: string, version: string, localDir: string): Promise<void>;
}

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

export function createRemoteBucket(config: RemoteBucketConfig, client = s3ClientFor(config)): RemoteBucket {
  const { bucket, prefix } = config;
  const manifestKey = `${prefix}manifest.json`;
  const versionKey = (name: string, version: string) => `${prefix}${name}/${version}/`;

  async function getText(key: string): Promise<string | null> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return object.Body ? await object.Body.transformToString('utf8') : '';
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function head(key: string): Promise<string | null> {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return answer.ETag ?? `${answer.LastModified?.getTime() ?? 0}:${answer.ContentLength ?? 0}`;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    describe: () => `s3://${bucket}/${prefix}`,
    manifestTag: () => head(manifestKey),
    readManifest: () => getText(manifestKey),
    async writeManifest(text) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: manifestKey, Body: text, ContentType: contentTypes['.json'], CacheControl: 'no-cache' }),
      );
    },
    async hasVersion(name, version) {
      return (await head(`${versionKey(name, version)}contract.json`)) !== null;
    },
    async uploadVersion(localDir, name, version) {
      const files = (await filesUnder(localDir)).sort((a, b) => Number(a === 'contract.json') - Number(b === 'contract.json'));
      for (const file of files) {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: versionKey(name, version) + file.split(path.sep).join('/'),
            Body: await readFile(path.join(localDir, file)),
            ContentType: contentTypes[path.extname(file)] ?? 'application/octet-stream',
            CacheControl: immutable,
          }),
        );
      }
    },
    async downloadVersion(name, version, localDir) {
      const base = versionKey(name, version);
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: base, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const relative = object.Key?.slice(base.length);
          if (!relative || relative.split('/').some((part) => part === '..' || part === '')) continue;
          const target = path.join(localDir, ...relative.split('/'));
          await mkdir(path.dirname(target), { recursive: true });
          const body = await client.send(new GetObjectCommand({ Bucket: bucket, Key: object.Key }));
          await writeFile(target, Buffer.from((await body.Body?.transformToByteArray()) ?? new Uint8Array()));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

function s3ClientFor(config: RemoteBucketConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
  });
}

/**
 * Brings REMOTES_DIR up to the bucket's manifest: each version it names that is not here yet is downloaded (into a
 * staging folder renamed into place), then manifest.json is written (temporary file renamed over the old one).
 * Answers whether anything changed. Called by the gateway before it looks at REMOTES_DIR.
 */
export async function pullRemoteReleases(bucket: RemoteBucket, dir: string, lastTag: string | null): Promise<{ tag: string | null; changed: boolean }> {
  const tag = await bucket.manifestTag();
  if (tag === null || tag === lastTag) return { tag, changed: false };
  const text = await bucket.readManifest();
  if (text === null) return { tag: null, changed: false };
  const manifest = remotesManifestFileSchema.parse(JSON.parse(text));
  for (const [name, entry] of Object.entries(manifest.remotes)) {
    if (!entry || !(remoteFolders as readonly string[]).includes(name)) continue;
    for (const version of new Set([entry.current, ...entry.history])) {
      if (!remoteVersionSchema.safeParse(version).success) continue;
      const target = path.join(dir, name, version);
      if (await stat(path.join(target, 'contract.json')).catch(() => null)) continue;
      if (!(await bucket.hasVersion(name, version))) continue;
      const staging = path.join(dir, name, `.pull-${version}-${process.pid}`);
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging, { recursive: true });
      try {
        await bucket.downloadVersion(name, version, staging);
        await rm(target, { recursive: true, force: true });
        await rename(staging, target);
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    }
  }
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.manifest.json.pull-${process.pid}.tmp`);
  await writeFile(temporary, text);
  await rename(temporary, path.join(dir, 'manifest.json'));
  return { tag, changed: true };
}

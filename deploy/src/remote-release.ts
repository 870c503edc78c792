import { execFile } from 'node:child_process';
import { cp, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import {
  remoteContainerOf,
  remoteContractFileSchema,
  remoteFolders,
  remotesManifestFileSchema,
  remoteVersionSchema,
  type RemoteContractFile,
  type RemoteFolder,
  type RemotesManifestFile,
} from '@fragtbud/contracts';
import type { RemoteBucket } from '@fragtbud/platform';
import { sharedSingletons } from '@fragtbud/web/rspack';

/*
 * Releasing one remote while everything runs (docs/DEVELOPING.md, "Releasing a remote"):
 *   publish  — build the remote alone (or take a build already made), copy it to REMOTES_DIR/<name>/<version>/
 *              with its contract.json, then make it current in REMOTES_DIR/manifest.json;
 *   rollback — make an already published version current again.
 * A version folder is written under a temporary name and renamed into place, and manifest.json is written to a
 * temporary file and renamed over the old one: the running gateway never sees half a release. A published version
 * is never overwritten (its files are served as immutable).
 */

const run = promisify(execFile);
export const repoRoot = path.resolve(import.meta.dirname, '../..');
/** How many earlier versions manifest.json remembers per remote (the shell falls back through them). */
const historyLength = 20;

export class ReleaseError extends Error {
  override readonly name = 'ReleaseError';
}

/** REMOTES_DIR, or `<DATA_DIR>/remotes` (the gateway's default), relative to the working directory. */
export function remotesDirFrom(env: NodeJS.ProcessEnv): string {
  const configured = env.REMOTES_DIR?.trim();
  return path.resolve(configured || path.join(env.DATA_DIR?.trim() || 'data', 'remotes'));
}

export function parseRemoteName(value: string | undefined): RemoteFolder {
  if (!value || !(remoteFolders as readonly string[]).includes(value)) {
    throw new ReleaseError(`Name a remote: ${remoteFolders.join(', ')} (got ${value ?? 'nothing'})`);
  }
  return value as RemoteFolder;
}

function parseVersion(value: string): string {
  const result = remoteVersionSchema.safeParse(value);
  if (!result.success) throw new ReleaseError(`Version "${value}" is not usable in a path: ${result.error.issues[0]?.message}`);
  return result.data;
}

/** `<package version>-<git short sha>`, e.g. `0.1.0-3f2a9c1`. */
export async function defaultVersion(name: RemoteFolder, root = repoRoot): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(root, name, 'package.json'), 'utf8')) as { version: string };
  const { stdout } = await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: root });
  return `${pkg.version}-${stdout.trim()}`;
}

/** The props contract version a remote implements, from its `src/contract.ts`. */
export async function sourceContractVersion(name: RemoteFolder, root = repoRoot): Promise<number> {
  const source = await readFile(path.join(root, name, 'src', 'contract.ts'), 'utf8');
  const match = source.match(/^export const contractVersion = (\d+);$/m);
  if (!match?.[1]) throw new ReleaseError(`${name}/src/contract.ts has no "export const contractVersion = <n>;"`);
  return Number(match[1]);
}

/** What the remote exposes (its rspack config) and the shared singleton ranges it is built with (libs/web). */
async function buildFacts(name: RemoteFolder, root: string): Promise<Pick<RemoteContractFile, 'exposes' | 'shared'>> {
  const appDir = path.join(root, name);
  const config = (await import(pathToFileURL(path.join(appDir, 'rspack.config.ts')).href)) as { exposes: Record<string, string> };
  const shared: RemoteContractFile['shared'] = {};
  for (const [request, entry] of Object.entries(sharedSingletons(appDir))) {
    shared[entry.shareKey ?? request] = { version: entry.version, requiredVersion: entry.requiredVersion };
  }
  return { exposes: Object.keys(config.exposes), shared };
}

/** Builds one remote alone, production mode, into `outDir` (nothing else's dist is touched). */
export async function buildRemote(name: RemoteFolder, outDir: string, root = repoRoot, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await run(process.execPath, [path.join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--output-path', outDir], {
    cwd: path.join(root, name),
    env: { ...env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
}

export interface PublishOptions {
  name: RemoteFolder;
  remotesDir: string;
  /** Default: package version + git short sha. */
  version?: string;
  /** Publish this finished build of the remote instead of building it. */
  fromDist?: string;
  /**
   * Declare another props contract version than the source's. Only for fixtures: the release test publishes a
   * build that claims a contract the shell does not host, to prove it is refused.
   */
  contractVersion?: number;
  root?: string;
  build?: (name: RemoteFolder, outDir: string) => Promise<void>;
  now?: () => Date;
  /** Publish to object storage (REMOTES_S3_BUCKET) instead of REMOTES_DIR; the gateways pull from it. */
  bucket?: RemoteBucket;
}

export interface PublishResult {
  name: RemoteFolder;
  version: string;
  dir: string;
  contract: RemoteContractFile;
}

export async function publishRemote(options: PublishOptions): Promise<PublishResult> {
  const root = options.root ?? repoRoot;
  const { name, remotesDir } = options;
  const version = parseVersion(options.version ?? (await defaultVersion(name, root)));
  const finalDir = path.join(remotesDir, name, version);
  const { bucket } = options;
  if (bucket ? await bucket.hasVersion(name, version) : await exists(finalDir)) {
    throw new ReleaseError(`${name} ${version} is already published; publish another version, or roll back to it with npm run remote:rollback`);
  }
  // Beside the final folder (a rename into place); for a bucket, anywhere local.
  const staging = bucket ? path.join(tmpdir(), `fragtbud-release-${name}-${version}-${process.pid}`) : path.join(remotesDir, name, `.staging-${version}-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.dirname(staging), { recursive: true });
  try {
    if (options.fromDist) {
      if (!(await exists(path.join(options.fromDist, 'remoteEntry.js')))) throw new ReleaseError(`${options.fromDist} holds no remoteEntry.js`);
      await cp(options.fromDist, staging, { recursive: true, filter: (source) => !source.endsWith('.map') });
    } else {
      await (options.build ?? ((remote, outDir) => buildRemote(remote, outDir, root)))(name, staging);
    }
    if (!(await exists(path.join(staging, 'remoteEntry.js')))) throw new ReleaseError(`the build of ${name} has no remoteEntry.js`);
    const contract = remoteContractFileSchema.parse({
      name,
      container: remoteContainerOf[name],
      version,
      contractVersion: options.contractVersion ?? (await sourceContractVersion(name, root)),
      ...(await buildFacts(name, root)),
      publishedAt: (options.now?.() ?? new Date()).toISOString(),
    });
    await writeFile(path.join(staging, 'contract.json'), `${JSON.stringify(contract, null, 2)}\n`);
    if (bucket) {
      await bucket.uploadVersion(staging, name, version);
      await makeCurrentInBucket(bucket, name, version);
      return { name, version, dir: `${bucket.describe()}${name}/${version}/`, contract };
    }
    await rename(staging, finalDir);
    await makeCurrent(remotesDir, name, version);
    return { name, version, dir: finalDir, contract };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Makes an already published version current again. */
export async function rollbackRemote(options: { name: RemoteFolder; version: string; remotesDir: string; bucket?: RemoteBucket }): Promise<void> {
  const version = parseVersion(options.version);
  if (options.bucket) {
    if (!(await options.bucket.hasVersion(options.name, version))) throw new ReleaseError(`${options.name} ${version} was never published in ${options.bucket.describe()}`);
    await makeCurrentInBucket(options.bucket, options.name, version);
    return;
  }
  const contractFile = path.join(options.remotesDir, options.name, version, 'contract.json');
  if (!(await exists(contractFile))) throw new ReleaseError(`${options.name} ${version} was never published in ${options.remotesDir}`);
  await makeCurrent(options.remotesDir, options.name, version);
}

export async function readRemotesManifest(remotesDir: string): Promise<RemotesManifestFile> {
  const text = await readFile(path.join(remotesDir, 'manifest.json'), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  return text === null ? { remotes: {} } : remotesManifestFileSchema.parse(JSON.parse(text));
}

/** `version` becomes current; the versions in use before it follow, most recent first. One writer at a time. */
async function makeCurrent(remotesDir: string, name: RemoteFolder, version: string): Promise<void> {
  await mkdir(remotesDir, { recursive: true });
  const lockFile = path.join(remotesDir, 'manifest.lock');
  const lock = await open(lockFile, 'wx').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') throw new ReleaseError(`another release is being written (${lockFile}); if none is, delete the file`);
    throw error;
  });
  try {
    const manifest = withCurrent(await readRemotesManifest(remotesDir), name, version);
    const temporary = path.join(remotesDir, `.manifest.json.${process.pid}.tmp`);
    await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(temporary, path.join(remotesDir, 'manifest.json'));
  } finally {
    await lock.close();
    await rm(lockFile, { force: true });
  }
}

function withCurrent(manifest: RemotesManifestFile, name: RemoteFolder, version: string): RemotesManifestFile {
  const before = manifest.remotes[name]?.history ?? [];
  return { remotes: { ...manifest.remotes, [name]: { current: version, history: [version, ...before.filter((item) => item !== version)].slice(0, historyLength) } } };
}

/**
 * The bucket's manifest.json is one object replaced whole, so a gateway never reads half of it. Releases run one at
 * a time (a deploy pipeline's job); two at once could lose one's manifest change — publish it again (rollback).
 */
async function makeCurrentInBucket(bucket: RemoteBucket, name: RemoteFolder, version: string): Promise<void> {
  const text = await bucket.readManifest();
  const manifest = withCurrent(text === null ? { remotes: {} } : remotesManifestFileSchema.parse(JSON.parse(text)), name, version);
  await bucket.writeManifest(`${JSON.stringify(manifest, null, 2)}\n`);
}

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null)) !== null;
}

import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, createRemoteBucket, remoteBucketFromEnv, startTestBucket } from '@fragtbud/platform';
import { createGateway } from './app';
import { loadGatewayConfig, mapOriginsOf } from './config';
import { createRemoteReleases } from './remote-releases';
import { contentSecurityPolicyFor } from './security-headers';

/*
 * The running gateway and REMOTES_DIR (what `npm run remote:publish` writes): versioned remote files served as
 * immutable, /mf-manifest.json following manifest.json without a restart, nothing outside a version folder served.
 */
let base: string;
let server: Server;
let remotesDir: string;
let staticRoot: string;

const contractOf = (name: string, version: string, contractVersion: number) => ({
  name,
  container: name.replace('-', '_'),
  version,
  contractVersion,
  exposes: ['./App', './contract'],
  shared: { react: { version: '19.3.1', requiredVersion: '^19' } },
  publishedAt: '2026-11-28T20:00:00.000Z',
});

function publishFolder(name: string, version: string, contractVersion = 1) {
  const dir = path.join(remotesDir, name, version);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${name} ${version} */`);
  writeFileSync(path.join(dir, 'assets', 'chunk.js'), 'chunk');
  writeFileSync(path.join(dir, 'contract.json'), JSON.stringify(contractOf(name, version, contractVersion)));
}

/** As the publish script does: a whole new file renamed over the old one. */
function writeManifest(remotes: Record<string, { current: string; history: string[] }>) {
  const temporary = path.join(remotesDir, 'manifest.json.tmp');
  writeFileSync(temporary, JSON.stringify({ remotes }));
  renameSync(temporary, path.join(remotesDir, 'manifest.json'));
}

/** A raw GET: the path goes out exactly as written (fetch would normalise `..`). */
function get(pathname: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request(`${base}${pathname}`, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const manifest = async () => JSON.parse((await get('/mf-manifest.json')).body) as Record<string, unknown>;

beforeAll(async () => {
  remotesDir = mkdtempSync(path.join(tmpdir(), 'remotes-'));
  staticRoot = mkdtempSync(path.join(tmpdir(), 'static-root-'));
  mkdirSync(path.join(staticRoot, 'mfe-carrier', 'dist'), { recursive: true });
  writeFileSync(path.join(staticRoot, 'mfe-carrier', 'dist', 'remoteEntry.js'), '/* built-in */');
  writeFileSync(path.join(remotesDir, 'outside.js'), 'not a remote');
  const gateway = createGateway({
    config: loadGatewayConfig({ STATIC_ROOT: staticRoot, REMOTES_DIR: remotesDir, REMOTES_CHECK_MS: '0', REMOTE_ORIGINS: 'https://cdn.fragtbud.example/x' }),
    logger: createLogger({ name: 'gateway-test', level: 'silent' }),
  });
  server = createServer(gateway.app.callback()).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(remotesDir, { recursive: true, force: true });
  rmSync(staticRoot, { recursive: true, force: true });
});
beforeEach(() => {
  rmSync(path.join(remotesDir, 'manifest.json'), { force: true });
});

describe('remotes released into REMOTES_DIR', () => {
  it('when nothing was published, then the manifest lists the built-in remotes and they are served as before', async () => {
    expect(await manifest()).toEqual({
      remotes: {
        mfe_customer: '/remotes/mfe-customer/remoteEntry.js',
        mfe_carrier: '/remotes/mfe-carrier/remoteEntry.js',
        mfe_admin: '/remotes/mfe-admin/remoteEntry.js',
      },
    });
    const builtIn = await get('/remotes/mfe-carrier/remoteEntry.js');
    expect(builtIn.status).toBe(200);
    expect(builtIn.headers['cache-control']).toBe('no-cache');
  });

  it('when a version is published, then its files are served immutable under /remotes/<name>/<version>/', async () => {
    publishFolder('mfe-carrier', '1.0.0-a');
    for (const file of ['remoteEntry.js', 'assets/chunk.js', 'contract.json']) {
      const answer = await get(`/remotes/mfe-carrier/1.0.0-a/${file}`);
      expect(answer.status, file).toBe(200);
      expect(answer.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/remotes/mfe-carrier/1.0.0-a/remoteEntry.js')).body).toBe('/* mfe-carrier 1.0.0-a */');
  });

  it('when a version or a file is unknown, or the remote is not one of ours, then 404', async () => {
    publishFolder('mfe-carrier', '1.0.0-a');
    for (const pathname of ['/remotes/mfe-carrier/9.9.9/remoteEntry.js', '/remotes/mfe-carrier/1.0.0-a/missing.js', '/remotes/mfe-unknown/1.0.0-a/remoteEntry.js']) {
      expect((await get(pathname)).status, pathname).toBe(404);
    }
  });

  it('when a path tries to leave a version folder, then it is refused and nothing outside is served', async () => {
    publishFolder('mfe-carrier', '1.0.0-a');
    // Dot segments and encoded slashes never get past the gateway's path rule (request-path.ts: 400, in Danish).
    for (const pathname of [
      '/remotes/mfe-carrier/1.0.0-a/../../outside.js',
      '/remotes/mfe-carrier/1.0.0-a/..%2f..%2foutside.js',
      '/remotes/mfe-carrier/%2e%2e/outside.js',
      '/remotes/mfe-carrier/1.0.0-a/%2e%2e%2f%2e%2e%2fmanifest.json',
    ]) {
      const answer = await get(pathname);
      expect([400, 404], pathname).toContain(answer.status);
      expect(answer.body, pathname).not.toContain('not a remote');
    }
    // Behind it, a version that is not a plain name is no version folder: 404.
    const releases = createRemoteReleases({ dir: remotesDir, builtIn: {}, checkMs: 0, logger: createLogger({ name: 't', level: 'silent' }) });
    for (const version of ['..', '.', '../mfe-carrier/1.0.0-a', '1.0.0-a/..', '', '.staging-x']) {
      expect(await releases.versionDir('mfe-carrier', version), version).toBeNull();
    }
    expect(await releases.versionDir('mfe-carrier', '1.0.0-a')).toBe(path.join(remotesDir, 'mfe-carrier', '1.0.0-a'));
    expect(await releases.versionDir('..', '1.0.0-a')).toBeNull();
  });

  it('when manifest.json changes, then the next /mf-manifest.json follows it without a restart: publish, release, roll back', async () => {
    publishFolder('mfe-carrier', '1.0.0-a');
    publishFolder('mfe-carrier', '2.0.0-b');
    writeManifest({ 'mfe-carrier': { current: '1.0.0-a', history: ['1.0.0-a'] } });
    expect(await manifest()).toMatchObject({
      remotes: { mfe_carrier: '/remotes/mfe-carrier/1.0.0-a/remoteEntry.js', mfe_admin: '/remotes/mfe-admin/remoteEntry.js' },
      releases: { mfe_carrier: [{ version: '1.0.0-a', entry: '/remotes/mfe-carrier/1.0.0-a/remoteEntry.js', contractVersion: 1 }] },
    });

    writeManifest({ 'mfe-carrier': { current: '2.0.0-b', history: ['2.0.0-b', '1.0.0-a'] } });
    const released = await manifest();
    expect(released).toMatchObject({ remotes: { mfe_carrier: '/remotes/mfe-carrier/2.0.0-b/remoteEntry.js' } });
    expect((released.releases as Record<string, { version: string }[]>).mfe_carrier.map((release) => release.version)).toEqual(['2.0.0-b', '1.0.0-a']);

    writeManifest({ 'mfe-carrier': { current: '1.0.0-a', history: ['1.0.0-a', '2.0.0-b'] } });
    expect(await manifest()).toMatchObject({ remotes: { mfe_carrier: '/remotes/mfe-carrier/1.0.0-a/remoteEntry.js' } });
  });

  it('lists each release with the contract version its contract.json declares, and leaves out versions that are not there', async () => {
    publishFolder('mfe-carrier', '1.0.0-a');
    publishFolder('mfe-carrier', '3.0.0-c', 2);
    writeManifest({ 'mfe-carrier': { current: '3.0.0-c', history: ['3.0.0-c', 'deleted-version', '1.0.0-a'] } });
    expect((await manifest()).releases).toEqual({
      mfe_carrier: [
        { version: '3.0.0-c', entry: '/remotes/mfe-carrier/3.0.0-c/remoteEntry.js', contractVersion: 2 },
        { version: '1.0.0-a', entry: '/remotes/mfe-carrier/1.0.0-a/remoteEntry.js', contractVersion: 1 },
      ],
    });
  });

  it('when manifest.json is not valid, then the remotes in use stay', async () => {
    publishFolder('mfe-carrier', '1.0.0-a');
    writeManifest({ 'mfe-carrier': { current: '1.0.0-a', history: ['1.0.0-a'] } });
    expect(await manifest()).toMatchObject({ remotes: { mfe_carrier: '/remotes/mfe-carrier/1.0.0-a/remoteEntry.js' } });
    writeFileSync(path.join(remotesDir, 'manifest.json'), '{ "remotes": ');
    expect(await manifest()).toMatchObject({ remotes: { mfe_carrier: '/remotes/mfe-carrier/1.0.0-a/remoteEntry.js' } });
  });

  it('allows the configured remote origins in the CSP, and no others', async () => {
    const policy = String((await get('/mf-manifest.json')).headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' https:\/\/cdn\.fragtbud\.example /);
    expect(contentSecurityPolicyFor(mapOriginsOf(loadGatewayConfig({})), loadGatewayConfig({}).REMOTE_ORIGINS)).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(() => loadGatewayConfig({ REMOTE_ORIGINS: 'javascript:alert(1)' })).toThrow(/REMOTE_ORIGINS/);
  });
});

describe('remotes released into object storage (REMOTES_S3_BUCKET)', () => {
  it('when a version is published to the bucket, then a gateway replica pulls it and serves it, with no restart', async () => {
    const s3 = await startTestBucket('remotes');
    const env = { REMOTES_S3_BUCKET: 'remotes', ...s3.env };
    const replicaDir = mkdtempSync(path.join(tmpdir(), 'replica-remotes-'));
    const replica = createGateway({
      config: loadGatewayConfig({ STATIC_ROOT: staticRoot, REMOTES_DIR: replicaDir, REMOTES_CHECK_MS: '0', ...env }),
      logger: createLogger({ name: 'gateway-s3-test', level: 'silent' }),
    });
    const replicaServer = createServer(replica.app.callback()).listen(0, '127.0.0.1');
    await new Promise((resolve) => replicaServer.once('listening', resolve));
    const replicaBase = `http://127.0.0.1:${(replicaServer.address() as AddressInfo).port}`;
    try {
      const bucketConfig = remoteBucketFromEnv(env);
      if (!bucketConfig) throw new Error('no bucket configured');
      const bucket = createRemoteBucket(bucketConfig);
      const built = mkdtempSync(path.join(tmpdir(), 'built-'));
      writeFileSync(path.join(built, 'remoteEntry.js'), '/* mfe-carrier from the bucket */');
      writeFileSync(path.join(built, 'contract.json'), JSON.stringify(contractOf('mfe-carrier', '4.0.0-s3', 1)));
      await bucket.uploadVersion(built, 'mfe-carrier', '4.0.0-s3');
      await bucket.writeManifest(JSON.stringify({ remotes: { 'mfe-carrier': { current: '4.0.0-s3', history: ['4.0.0-s3'] } } }));

      const served = (await (await fetch(`${replicaBase}/mf-manifest.json`)).json()) as { remotes: Record<string, string> };
      expect(served.remotes.mfe_carrier).toBe('/remotes/mfe-carrier/4.0.0-s3/remoteEntry.js');
      const entry = await fetch(`${replicaBase}/remotes/mfe-carrier/4.0.0-s3/remoteEntry.js`);
      expect(entry.status).toBe(200);
      expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await entry.text()).toBe('/* mfe-carrier from the bucket */');
      rmSync(built, { recursive: true, force: true });
    } finally {
      await new Promise((resolve) => replicaServer.close(resolve));
      await s3.close();
      rmSync(replicaDir, { recursive: true, force: true });
    }
  }, 60_000);
});

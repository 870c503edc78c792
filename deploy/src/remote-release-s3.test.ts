import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRemoteBucket, pullRemoteReleases, remoteBucketFromEnv, startTestBucket, type RemoteBucket } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishRemote, readRemotesManifest, ReleaseError, rollbackRemote } from './remote-release';

/*
 * Releases in object storage: `remote:publish` with REMOTES_S3_BUCKET uploads to an S3-compatible server (s3rver,
 * started here) and a gateway replica's pull brings exactly the published versions and the manifest into its
 * REMOTES_DIR, where it serves them as before.
 */
let s3: Awaited<ReturnType<typeof startTestBucket>>;
let dist: string;
let bucket: RemoteBucket;
const now = () => new Date('2026-11-29T06:00:00Z');

beforeAll(async () => {
  s3 = await startTestBucket('fragtbud-remotes');
  const config = remoteBucketFromEnv({ REMOTES_S3_BUCKET: 'fragtbud-remotes', ...s3.env });
  if (!config) throw new Error('no bucket configured');
  bucket = createRemoteBucket(config);
  dist = mkdtempSync(path.join(tmpdir(), 'remote-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'remoteEntry.js'), '/* entry v1 */');
  writeFileSync(path.join(dist, 'assets', 'App.0123abcd.js'), '/* chunk */');
  writeFileSync(path.join(dist, 'App.0123abcd.js.map'), '{}');
}, 60_000);

afterAll(async () => {
  await s3.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('remote releases in object storage', () => {
  it('publishes to the bucket, never over a published version, and a pull brings it to a gateway’s REMOTES_DIR', async () => {
    const unused = mkdtempSync(path.join(tmpdir(), 'remotes-unused-'));
    const result = await publishRemote({ name: 'mfe-carrier', remotesDir: unused, version: '3.0.0-s3', fromDist: dist, now, bucket });
    expect(result.dir).toBe('s3://fragtbud-remotes/remotes/mfe-carrier/3.0.0-s3/');
    expect(existsSync(path.join(unused, 'mfe-carrier'))).toBe(false); // nothing written locally
    expect(await bucket.hasVersion('mfe-carrier', '3.0.0-s3')).toBe(true);
    expect(JSON.parse((await bucket.readManifest()) ?? '{}')).toEqual({ remotes: { 'mfe-carrier': { current: '3.0.0-s3', history: ['3.0.0-s3'] } } });
    await expect(publishRemote({ name: 'mfe-carrier', remotesDir: unused, version: '3.0.0-s3', fromDist: dist, now, bucket })).rejects.toThrow(ReleaseError);

    const gatewayDir = mkdtempSync(path.join(tmpdir(), 'gateway-remotes-'));
    const first = await pullRemoteReleases(bucket, gatewayDir, null);
    expect(first.changed).toBe(true);
    const folder = path.join(gatewayDir, 'mfe-carrier', '3.0.0-s3');
    expect(readFileSync(path.join(folder, 'remoteEntry.js'), 'utf8')).toBe('/* entry v1 */');
    expect(readFileSync(path.join(folder, 'assets', 'App.0123abcd.js'), 'utf8')).toBe('/* chunk */');
    expect(existsSync(path.join(folder, 'App.0123abcd.js.map'))).toBe(false); // source maps are never published
    expect(JSON.parse(readFileSync(path.join(folder, 'contract.json'), 'utf8'))).toMatchObject({ name: 'mfe-carrier', version: '3.0.0-s3' });
    expect(await readRemotesManifest(gatewayDir)).toEqual({ remotes: { 'mfe-carrier': { current: '3.0.0-s3', history: ['3.0.0-s3'] } } });
    // Nothing changed in the bucket: the next look costs one HEAD and changes nothing.
    expect(await pullRemoteReleases(bucket, gatewayDir, first.tag)).toEqual({ tag: first.tag, changed: false });

    // A second version, then a rollback: the gateway's next pull follows the bucket's manifest.
    writeFileSync(path.join(dist, 'remoteEntry.js'), '/* entry v2 */');
    await publishRemote({ name: 'mfe-carrier', remotesDir: unused, version: '3.1.0-s3', fromDist: dist, now, bucket });
    const second = await pullRemoteReleases(bucket, gatewayDir, first.tag);
    expect(second.changed).toBe(true);
    expect(readFileSync(path.join(gatewayDir, 'mfe-carrier', '3.1.0-s3', 'remoteEntry.js'), 'utf8')).toBe('/* entry v2 */');
    expect((await readRemotesManifest(gatewayDir)).remotes['mfe-carrier']).toEqual({ current: '3.1.0-s3', history: ['3.1.0-s3', '3.0.0-s3'] });

    await rollbackRemote({ name: 'mfe-carrier', version: '3.0.0-s3', remotesDir: unused, bucket });
    await pullRemoteReleases(bucket, gatewayDir, second.tag);
    expect((await readRemotesManifest(gatewayDir)).remotes['mfe-carrier']?.current).toBe('3.0.0-s3');
    await expect(rollbackRemote({ name: 'mfe-carrier', version: '9.9.9', remotesDir: unused, bucket })).rejects.toThrow('was never published');
    rmSync(unused, { recursive: true, force: true });
    rmSync(gatewayDir, { recursive: true, force: true });
  });
});

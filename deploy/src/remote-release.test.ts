import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { remoteContainerOf, remoteFolders } from '@fragtbud/contracts';
import { compatibleRange } from '@fragtbud/web/rspack';
import { publishRemote, readRemotesManifest, ReleaseError, remotesDirFrom, repoRoot, rollbackRemote, sourceContractVersion } from './remote-release';

let remotesDir: string;
let dist: string;

beforeEach(() => {
  remotesDir = mkdtempSync(path.join(tmpdir(), 'remotes-dir-'));
  dist = mkdtempSync(path.join(tmpdir(), 'remote-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'remoteEntry.js'), '/* entry */');
  writeFileSync(path.join(dist, 'assets', 'App.0123abcd.js'), '/* chunk */');
  writeFileSync(path.join(dist, 'App.0123abcd.js.map'), '{}');
});
afterEach(() => {
  rmSync(remotesDir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
});

const now = () => new Date('2026-11-28T20:00:00Z');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('npm run remote:publish / remote:rollback', () => {
  it('publishes a build under <name>/<version>/ with its contract.json and makes it current', async () => {
    const result = await publishRemote({ name: 'mfe-carrier', remotesDir, version: '1.0.0-a', fromDist: dist, now });
    const folder = path.join(remotesDir, 'mfe-carrier', '1.0.0-a');
    expect(result.dir).toBe(folder);
    expect(readdirSync(folder).sort()).toEqual(['assets', 'contract.json', 'remoteEntry.js']); // no source maps
    const contract = readJson(path.join(folder, 'contract.json'));
    expect(contract).toMatchObject({
      name: 'mfe-carrier',
      container: 'mfe_carrier',
      version: '1.0.0-a',
      contractVersion: await sourceContractVersion('mfe-carrier'),
      publishedAt: '2026-11-28T20:00:00.000Z',
    });
    expect(contract.exposes).toEqual(expect.arrayContaining(['./App', './contract', './BidPanel', './CarrierBids', './DeliveryPanel']));
    expect(contract.shared).toMatchObject({
      react: { requiredVersion: '^19' },
      '@fragtbud/web/session': { requiredVersion: compatibleRange(webVersion()) },
    });
    expect(await readRemotesManifest(remotesDir)).toEqual({ remotes: { 'mfe-carrier': { current: '1.0.0-a', history: ['1.0.0-a'] } } });
    // Nothing half-written is left behind.
    expect(readdirSync(remotesDir).sort()).toEqual(['manifest.json', 'mfe-carrier']);
    expect(readdirSync(path.join(remotesDir, 'mfe-carrier'))).toEqual(['1.0.0-a']);
  });

  it('keeps the versions in use before, most recent first; a rollback points back; other remotes are untouched', async () => {
    await publishRemote({ name: 'mfe-carrier', remotesDir, version: '1.0.0-a', fromDist: dist, now });
    await publishRemote({ name: 'mfe-admin', remotesDir, version: '5.0.0', fromDist: dist, now });
    await publishRemote({ name: 'mfe-carrier', remotesDir, version: '2.0.0-b', fromDist: dist, now });
    expect((await readRemotesManifest(remotesDir)).remotes['mfe-carrier']).toEqual({ current: '2.0.0-b', history: ['2.0.0-b', '1.0.0-a'] });

    await rollbackRemote({ name: 'mfe-carrier', version: '1.0.0-a', remotesDir });
    expect(await readRemotesManifest(remotesDir)).toEqual({
      remotes: {
        'mfe-carrier': { current: '1.0.0-a', history: ['1.0.0-a', '2.0.0-b'] },
        'mfe-admin': { current: '5.0.0', history: ['5.0.0'] },
      },
    });
  });

  it('builds the remote when no finished build is given, into a folder renamed into place only when complete', async () => {
    const built: string[] = [];
    await publishRemote({
      name: 'mfe-admin',
      remotesDir,
      version: '1.0.0',
      now,
      build: async (name, outDir) => {
        built.push(name);
        expect(path.basename(outDir)).toMatch(/^\.staging-/);
        mkdirSync(outDir, { recursive: true });
        writeFileSync(path.join(outDir, 'remoteEntry.js'), '/* built */');
      },
    });
    expect(built).toEqual(['mfe-admin']);
    expect(readFileSync(path.join(remotesDir, 'mfe-admin', '1.0.0', 'remoteEntry.js'), 'utf8')).toBe('/* built */');
    // The task page's admin pieces the shell mounts, with the contract version that has them.
    expect(readJson(path.join(remotesDir, 'mfe-admin', '1.0.0', 'contract.json'))).toMatchObject({
      contractVersion: await sourceContractVersion('mfe-admin'),
      exposes: expect.arrayContaining(['./App', './contract', './AdminTaskControls', './AdminBids']),
    });

    // A build that fails leaves neither a folder nor a changed manifest.
    await expect(
      publishRemote({ name: 'mfe-admin', remotesDir, version: '2.0.0', build: () => Promise.reject(new Error('rspack failed')) }),
    ).rejects.toThrow('rspack failed');
    expect(readdirSync(path.join(remotesDir, 'mfe-admin'))).toEqual(['1.0.0']);
    expect((await readRemotesManifest(remotesDir)).remotes['mfe-admin']?.current).toBe('1.0.0');
  });

  it('refuses to overwrite a published version, an unusable version, a rollback to a version never published', async () => {
    await publishRemote({ name: 'mfe-carrier', remotesDir, version: '1.0.0-a', fromDist: dist, now });
    await expect(publishRemote({ name: 'mfe-carrier', remotesDir, version: '1.0.0-a', fromDist: dist })).rejects.toThrow(/already published/);
    for (const version of ['../x', '..', 'a/b', '.hidden', '']) {
      await expect(publishRemote({ name: 'mfe-carrier', remotesDir, version, fromDist: dist }), version).rejects.toBeInstanceOf(ReleaseError);
    }
    await expect(rollbackRemote({ name: 'mfe-carrier', version: '9.9.9', remotesDir })).rejects.toThrow(/never published/);
    await expect(publishRemote({ name: 'mfe-carrier', remotesDir, version: '2.0.0', fromDist: remotesDir })).rejects.toThrow(/no remoteEntry.js/);
    expect((await readRemotesManifest(remotesDir)).remotes['mfe-carrier']).toEqual({ current: '1.0.0-a', history: ['1.0.0-a'] });
  });

  it('defaults the version to the package version and the git short sha, and REMOTES_DIR to <DATA_DIR>/remotes', async () => {
    const result = await publishRemote({ name: 'mfe-customer', remotesDir, fromDist: dist, now });
    expect(result.version).toMatch(/^0\.1\.0-[0-9a-f]{7,}$/);
    expect(remotesDirFrom({ DATA_DIR: '/srv/fragtbud' })).toBe('/srv/fragtbud/remotes');
    expect(remotesDirFrom({ DATA_DIR: '/srv/fragtbud', REMOTES_DIR: '/srv/remotes' })).toBe('/srv/remotes');
    expect(remotesDirFrom({})).toBe(path.resolve('data', 'remotes'));
  });
});

describe('contract versions', () => {
  it('the shell hosts exactly the contract version each remote implements', async () => {
    // Read as text: the shell's source is not importable from here (project boundaries), nor in node (DOM types).
    const hosted = readFileSync(path.join(repoRoot, 'shell/src/remotes/hosted-contracts.ts'), 'utf8');
    for (const folder of remoteFolders) {
      const declared = hosted.match(new RegExp(`^\\s*${remoteContainerOf[folder]}: (\\d+),$`, 'm'))?.[1];
      expect(Number(declared), folder).toBe(await sourceContractVersion(folder));
    }
  });
});

function webVersion(): string {
  return (JSON.parse(readFileSync(path.join(repoRoot, 'libs/web/package.json'), 'utf8')) as { version: string }).version;
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compatibleRange, packageNameOf, sharedSingletons, SINGLETONS } from './federated-app-config';

const appDir = path.resolve(import.meta.dirname, '../../../shell');
const sessionStore = '../libs/web/src/session/session-store.ts';
const packageVersion = (dir: string) => (JSON.parse(readFileSync(path.resolve(import.meta.dirname, dir, 'package.json'), 'utf8')) as { version: string }).version;

afterEach(() => vi.unstubAllEnvs());

describe('shared modules of the federated apps', () => {
  it('compatible means the same major version (the same minor before 1.0)', () => {
    expect(compatibleRange('19.3.1')).toBe('^19');
    expect(compatibleRange('1.0.0')).toBe('^1');
    expect(compatibleRange('0.4.2')).toBe('^0.4');
    expect(packageNameOf('react/jsx-runtime')).toBe('react');
    expect(packageNameOf('@fragtbud/web')).toBe('@fragtbud/web');
  });

  it('when an app is built, then every shared module is a strict singleton requiring the major version it was built with', () => {
    const shared = sharedSingletons(appDir);
    for (const request of SINGLETONS) {
      const entry = shared[request];
      expect(entry, request).toMatchObject({ singleton: true, strictVersion: true });
      expect(entry?.version, request).toMatch(/^\d+\.\d+\.\d+/);
      expect(entry?.requiredVersion, request).toBe(compatibleRange(entry?.version ?? ''));
    }
    expect(shared['react']?.requiredVersion).toBe('^19');
  });

  it('shares the session store by its file, versioned as libs/web is (its package.json)', () => {
    const webVersion = packageVersion('..');
    expect(webVersion).toMatch(/^[1-9]\d*\.\d+\.\d+$/);
    expect(sharedSingletons(appDir)[sessionStore]).toEqual({
      singleton: true,
      strictVersion: true,
      shareKey: '@fragtbud/web/session',
      version: webVersion,
      requiredVersion: compatibleRange(webVersion),
    });
  });

  it('when libs/web or libs/contracts is released, then the ranges follow: every app requires the major of the version it was built with', () => {
    // The version-bump rule (docs/DEVELOPING.md, "Versions of libs/web and libs/contracts"): a removed or changed
    // export is a new major; the shared ranges are `^<major>`, so a remote built after a major bump is refused by an
    // older shell instead of running on the wrong copy.
    for (const app of ['shell', 'mfe-customer', 'mfe-carrier', 'mfe-admin']) {
      const shared = sharedSingletons(path.resolve(import.meta.dirname, '../../..', app));
      expect(shared[Object.keys(shared).find((key) => shared[key]?.shareKey === '@fragtbud/web/toast')!]?.requiredVersion, app).toBe(
        compatibleRange(packageVersion('..')),
      );
    }
    expect(packageVersion('../../contracts')).toMatch(/^[1-9]\d*\.\d+\.\d+$/);
  });

  it('when built as if against libs/web 2.0.0, then the remote requires ^2 and a 1.x shell cannot satisfy it', () => {
    vi.stubEnv('MF_SHARED_VERSION_OVERRIDE', '@fragtbud/web@2.0.0,react@20.1.0');
    const shared = sharedSingletons(appDir);
    expect(shared[sessionStore]).toMatchObject({ version: '2.0.0', requiredVersion: '^2' });
    expect(shared['react']).toMatchObject({ version: '20.1.0', requiredVersion: '^20' });
    expect(shared['react/jsx-runtime']).toMatchObject({ version: '20.1.0', requiredVersion: '^20' });
    expect(shared['zod']?.requiredVersion).toBe('^4');
  });
});

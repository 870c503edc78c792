import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bumpBetween,
  compareSurfaces,
  currentSurface,
  formatSurface,
  parseSurface,
  recordedSurface,
  VERSIONED_LIBRARIES,
  versionProblems,
  type Surface,
} from './public-surface';
import { repoRoot } from './remote-release';

// Reading a library's exports builds a TypeScript program over it: a few seconds each, more on a loaded machine.
const PROGRAM_TIMEOUT = 120_000;

describe('the versioned libraries', () => {
  it.each(VERSIONED_LIBRARIES)(
    "%s: public-surface.txt is the library's surface under its package version",
    (library) => {
      const dir = path.join(repoRoot, library);
      const current = currentSurface(dir);
      const recorded = recordedSurface(dir);
      expect(recorded, `${library}/public-surface.txt is missing: run \`npm run surface:update\``).not.toBeNull();
      // The problems say which names moved and what to do (a changeset, then `npm run surface:update`).
      expect(versionProblems(recorded!, current)).toEqual([]);
      expect(formatSurface(current), 'run `npm run surface:update` (the version was bumped, the file was not)').toBe(
        formatSurface(recorded!),
      );
    },
    PROGRAM_TIMEOUT,
  );
});

describe('reading a package’s surface', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'surface-'));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: '@example/kit', version: '1.4.2', exports: { '.': './src/index.ts', './css': './src/a.css' } }),
    );
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }, include: ['src'] }),
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const source = (text: string) => writeFileSync(path.join(dir, 'src', 'index.ts'), text);

  it(
    'lists every exported name with its kind and type; a parameter renamed is no change, a parameter type is',
    () => {
      source(
        [
          "export interface Props { label: string; hint?: string }",
          "export type Size = 'small' | 'large';",
          'export function greet(props: Props, size: Size = "small"): string { return props.label + size; }',
          'export const limit = 3;',
          'const hidden = 1; export { hidden as shown };',
        ].join('\n'),
      );
      const first = currentSurface(dir);
      expect(first.name).toBe('@example/kit');
      expect(first.version).toBe('1.4.2');
      expect(Object.fromEntries(first.entries)).toEqual({
        '. Props': 'interface { hint?: string | undefined; label: string }',
        '. Size': 'type "small" | "large"',
        '. greet': 'function (Props, ?Size) => string',
        '. limit': 'const 3',
        '. shown': 'const 1',
      });

      source(
        [
          "export interface Props { label: string; hint?: string }",
          "export type Size = 'small' | 'large';",
          'export function greet({ label }: Props, chosen: Size = "small"): string { return label + chosen; }',
          'export const limit = 3;',
          'const hidden = 1; export { hidden as shown };',
        ].join('\n'),
      );
      expect(compareSurfaces(first, currentSurface(dir)).bump).toBe('none');

      source(
        [
          "export interface Props { label: string; hint?: string; tone: 'calm' }",
          "export type Size = 'small' | 'large';",
          'export function greet(props: Props, size: number): string { return props.label + size; }',
          'export const limit = 3;',
        ].join('\n'),
      );
      const change = compareSurfaces(first, currentSurface(dir));
      expect(change).toEqual({ bump: 'major', added: [], removed: ['. shown'], changed: ['. Props', '. greet'] });
    },
    PROGRAM_TIMEOUT,
  );

  it('writes and reads back the same surface', () => {
    const surface: Surface = { name: '@example/kit', version: '2.0.0', entries: new Map([['. a', 'const 1'], ['./forms b', 'function () => void']]) };
    expect(parseSurface(formatSurface(surface))).toEqual(surface);
  });
});

describe('the bump a surface change needs', () => {
  const surface = (version: string, entries: Record<string, string>): Surface => ({
    name: '@example/kit',
    version,
    entries: new Map(Object.entries(entries)),
  });
  const before = surface('1.2.0', { '. a': 'const 1', '. b': 'function () => void' });

  it('a removed name needs a major bump; an added name or a changed type a minor one', () => {
    expect(compareSurfaces(before, surface('1.2.0', { '. a': 'const 1' })).bump).toBe('major');
    expect(compareSurfaces(before, surface('1.2.0', { ...Object.fromEntries(before.entries), '. c': 'const 2' })).bump).toBe('minor');
    expect(compareSurfaces(before, surface('1.2.0', { '. a': 'const 2', '. b': 'function () => void' })).bump).toBe('minor');
    expect(compareSurfaces(before, before).bump).toBe('none');
  });

  it('reads the bump between two versions (before 1.0 a minor bump is the breaking one)', () => {
    expect(bumpBetween('1.2.0', '2.0.0')).toBe('major');
    expect(bumpBetween('1.2.0', '1.3.0')).toBe('minor');
    expect(bumpBetween('1.2.0', '1.2.1')).toBe('patch');
    expect(bumpBetween('1.2.0', '1.2.0')).toBe('none');
    expect(bumpBetween('0.3.1', '0.4.0')).toBe('major');
    expect(() => bumpBetween('1.2.0', '1.1.9')).toThrow(/lower/);
  });

  it('refuses a changed surface under a version not bumped enough, and names what moved', () => {
    const removed = surface('1.3.0', { '. a': 'const 1' });
    const problems = versionProblems(before, removed);
    expect(problems[0]).toMatch(/needs a major version bump, but the version is 1\.3\.0/);
    expect(problems).toContain('  removed: . b');
    expect(versionProblems(before, { ...removed, version: '2.0.0' })).toEqual([]);

    const added = surface('1.2.0', { ...Object.fromEntries(before.entries), '. c': 'const 2' });
    expect(versionProblems(before, added)[0]).toMatch(/needs a minor version bump/);
    expect(versionProblems(before, { ...added, version: '1.2.1' })[0]).toMatch(/needs a minor version bump/);
    expect(versionProblems(before, { ...added, version: '1.3.0' })).toEqual([]);
    expect(versionProblems(before, { ...before, version: '1.2.5' })).toEqual([]);
  });
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildContextFiles, isIgnored, parseDockerignore, secretsInBuildContext } from './build-context';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const repoDockerignore = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8');
const contexts: string[] = [];

function context(files: Record<string, string>, dockerignore?: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'build-context-'));
  contexts.push(root);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  if (dockerignore !== undefined) writeFileSync(path.join(root, '.dockerignore'), dockerignore);
  return root;
}

afterEach(() => {
  for (const root of contexts.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the build context check', () => {
  it('when there is no .dockerignore, then an .env and a key in a sub-folder are reported', () => {
    const root = context({ '.env': 'POSTGRES_PASSWORD=x', 'deploy/k8s/tls.key': 'k', 'src/main.ts': '' });
    expect(secretsInBuildContext(root)).toEqual(['.env', 'deploy/k8s/tls.key']);
  });

  it("when the repository's .dockerignore is used, then .env*, secret env files, data, node_modules, .git and test output stay out", () => {
    const root = context(
      {
        '.env': 'POSTGRES_PASSWORD=x',
        '.env.production': 'x',
        '.env.example': 'KEY=',
        'deploy/k8s/overlays/production/secrets.env': 'x',
        'data/pglite/base': 'x',
        'node_modules/x/index.js': '',
        'svc-tasks/node_modules/y/index.js': '',
        '.git/config': '',
        'e2e/artifacts/trace.zip': '',
        'shell/dist/index.html': '',
        'svc-tasks/src/main.ts': '',
        'libs/platform/src/sealed-secret.ts': '',
        'package.json': '{}',
      },
      repoDockerignore,
    );
    expect(secretsInBuildContext(root)).toEqual([]);
    expect(buildContextFiles(root)).toEqual(['.dockerignore', 'libs/platform/src/sealed-secret.ts', 'package.json', 'svc-tasks/src/main.ts']);
  });

  it('when a secret-looking file is not covered by the .dockerignore, then it is reported', () => {
    const root = context({ 'config/id_rsa': 'k', 'config/credentials.json': '{}', 'ok.ts': '' }, 'node_modules\n');
    expect(secretsInBuildContext(root)).toEqual(['config/credentials.json', 'config/id_rsa']);
  });

  it('when a later ! rule re-includes a file, then the last matching rule wins', () => {
    const rules = parseDockerignore('**/*.env\n!deploy/public.env\n');
    expect(isIgnored(rules, 'deploy/secrets.env')).toBe(true);
    expect(isIgnored(rules, 'deploy/public.env')).toBe(false);
    const root = context({ 'deploy/public.env': 'x', 'deploy/secrets.env': 'x' }, '**/*.env\n!deploy/public.env\n');
    expect(secretsInBuildContext(root)).toEqual(['deploy/public.env']);
  });

  it('when a pattern names a folder, then everything below it is left out', () => {
    const rules = parseDockerignore('/data/\n**/dist\n');
    expect(isIgnored(rules, 'data/uploads/a.jpg')).toBe(true);
    expect(isIgnored(rules, 'mfe-admin/dist/remoteEntry.js')).toBe(true);
    expect(isIgnored(rules, 'svc-tasks/src/data.ts')).toBe(false);
  });
});

/**
 * What the fault suites share (scripts/faults/faults.test.ts on one host, scripts/cluster/cluster.test.ts across
 * network namespaces): waiting on a signal, this machine's PostgreSQL binaries run as the postgres user, the compiled
 * back end, counting statuses.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it gives a truthy value; fails after `timeoutMs` naming `what` and the last error. */
export async function waitUntil<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs: number, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${lastError ? ` (${String(lastError)})` : ''}`);
    await sleep(intervalMs);
  }
}

export function countBy(values: Array<string | number>): Record<string, number> {
  return values.reduce<Record<string, number>>((counts, value) => ({ ...counts, [value]: (counts[String(value)] ?? 0) + 1 }), {});
}

/** The newest PostgreSQL binaries of this machine (Debian's /usr/lib/postgresql/<version>/bin), if any. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((version) => path.join(root, version, 'bin')).find((bin) => existsSync(path.join(bin, 'initdb')));
}

/**
 * Runs one of PostgreSQL's programs; initdb and pg_ctl refuse to run as root: as root they run as the postgres
 * user, who owns the directory. `prefix` runs it through another command first (`ip netns exec <host>`).
 */
export function asPostgres(bin: string, command: string, args: string[], prefix: string[] = []): void {
  const asRoot = process.getuid?.() === 0;
  const program = path.join(bin, command);
  const [head, ...rest] = asRoot ? [...prefix, 'runuser', '-u', 'postgres', '--', program, ...args] : [...prefix, program, ...args];
  const result = spawnSync(head as string, rest, { encoding: 'utf8' });
  assert.equal(result.status, 0, `${command} ${args.join(' ')}: ${result.stderr}${result.stdout}`);
}

/** initdb into `<dir>/data` (trust, user postgres, no fsync); as root the directory is handed to the postgres user. */
export function initPostgres(bin: string, dir: string): void {
  if (process.getuid?.() === 0) {
    const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    chownSync(dir, Number(owner), Number(group));
  }
  asPostgres(bin, 'initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
}

/** `npm run build:server` unless dist/server is there (or FAULTS_REBUILD=1). */
export function ensureCompiledServer(): void {
  if (existsSync('dist/server/gateway.js') && process.env.FAULTS_REBUILD !== '1') return;
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { stdio: 'inherit' });
  assert.equal(built.status, 0, 'build:server failed');
}

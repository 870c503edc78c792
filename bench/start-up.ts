/**
 * Start-up of the embedded topology after the build: time until GET /api/health answers 200 and the memory (RSS)
 * of the process then, for a new data directory and for reopening it.
 *
 *   npm run build && npx tsx bench/start-up.ts              # node embedded/dist/main.js (what npm start runs)
 *   npx tsx bench/start-up.ts --from-source                 # tsx embedded/src/main.ts, without the PGlite template
 *
 * After the build it also checks `npm start` itself: SIGTERM to the npm process stops the server (the script ends in
 * `exec node …`), the port is free and the PGlite lock released — a second start on the same data is healthy.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lockFileName } from '@fragtbud/platform';
import { pidsOf, stop, waitUntilOk } from './support/processes';

const { values } = parseArgs({ options: { 'from-source': { type: 'boolean', default: false }, port: { type: 'string', default: '18321' } } });
const root = path.resolve(import.meta.dirname, '..');
const template = path.join(root, 'embedded/dist/pglite-template');
const fromSource = values['from-source'];
const port = values.port as string;
if (!fromSource && !existsSync(path.join(root, 'embedded/dist/main.js'))) throw new Error('Run npm run build first.');

/** RSS of a process in MB (Linux: /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf-8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function startOnce(dataDir: string) {
  const args = fromSource ? ['--import', 'tsx', 'embedded/src/main.ts'] : ['embedded/dist/main.js'];
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, PORT: port, DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'inherit'] });
  // A bundle that cannot start (CI runs this as its smoke test of what `npm start` runs) fails at once, not after the wait.
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`${args.join(' ')} ended before it was healthy (${signal ?? `exit ${code}`})`))),
  );
  exited.catch(() => undefined);
  try {
    const ms = await Promise.race([waitUntilOk(`http://127.0.0.1:${port}/api/health`, 180_000), exited]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { ms, rss: rssMb(child.pid as number) };
  } finally {
    await stop(child);
  }
}

function portIsFree(portNumber: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(portNumber, () => server.close(() => resolve(true)));
  });
}

/** `npm start` (its build is the one just made, an Nx cache hit), healthy, then SIGTERM to npm alone. */
async function npmStartStopsOnSigterm(dataDir: string): Promise<void> {
  const npm = spawn('npm', ['start'], { cwd: root, env: { ...process.env, PORT: port, DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  try {
    await waitUntilOk(`http://127.0.0.1:${port}/api/health`, 300_000);
    npm.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 15_000))]);
    if (code === 'running') throw new Error('npm start did not end within 15 s of SIGTERM');
    // The server (npm does not wait for it) ends too: nothing answers on the port, and it can be bound again.
    const deadline = Date.now() + 15_000;
    while (pidsOf('embedded/dist/main.js', `DATA_DIR=${dataDir}`).length > 0) {
      if (Date.now() > deadline) throw new Error('after SIGTERM to npm start, the server is still running');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const stillServing = await fetch(`http://127.0.0.1:${port}/api/health`).then(() => true, () => false);
    if (stillServing || !(await portIsFree(Number(port)))) throw new Error(`after SIGTERM to npm start, port ${port} is still held`);
    if (existsSync(path.join(dataDir, 'pglite', lockFileName))) throw new Error('after SIGTERM to npm start, the PGlite lock file is still there');
  } finally {
    if (npm.exitCode === null) npm.kill('SIGKILL');
  }
}

// From source means as before the template existed: move it aside for the run.
const aside = `${template}.aside`;
if (fromSource && existsSync(template)) renameSync(template, aside);
const dataDir = mkdtempSync(path.join(tmpdir(), 'fragtbud-start-'));
try {
  const fresh = await startOnce(dataDir);
  const reopened = await startOnce(dataDir);
  if (!fromSource) {
    await npmStartStopsOnSigterm(dataDir);
    process.stdout.write('npm start: SIGTERM to npm stopped the server, port free, PGlite lock released\n');
  }
  const how = fromSource ? 'tsx embedded/src/main.ts, initdb + migrations' : 'node embedded/dist/main.js, data dir from the template';
  process.stdout.write(
    `${how}: new data directory healthy after ${(fresh.ms / 1000).toFixed(1)} s, ${fresh.rss} MB; ` +
      `reopened healthy after ${(reopened.ms / 1000).toFixed(1)} s, ${reopened.rss} MB\n`,
  );
} finally {
  if (existsSync(aside)) renameSync(aside, template);
  rmSync(dataDir, { recursive: true, force: true });
}

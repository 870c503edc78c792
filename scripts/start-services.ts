/**
 * The distributed topology on this machine: every service in its own process against PostgreSQL and NATS
 * JetStream, the gateway in front. `npm run start:services` (after `npm run build`).
 * DATABASE_URL and NATS_URL default to the local servers; each service keeps its tables in its own schema.
 *
 * A supervisor: a process that ends is started again with a back-off (1 s, doubling to 30 s; back to 1 s after it
 * ran a minute) while the others keep serving. SIGINT/SIGTERM reaches each child exactly once (children run in
 * their own process groups, so a signal to this group is not delivered twice), in-flight requests finish, and
 * whatever has not ended after 10 s is killed. Children hold an IPC channel to this process and stop by themselves
 * when it disappears — from their first line on (scripts/end-with-supervisor.mjs, loaded before their modules), so
 * nothing is left orphaned even after a `kill -9` here while they are still starting.
 * `--compiled` (or SERVICES_COMPILED=1) runs the JavaScript from `npm run build:server` with plain node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';

const env: Record<string, string | undefined> = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fragtbud',
  NATS_URL: 'nats://127.0.0.1:4222',
  INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'),
  DEMO_SEED: '1',
  ...process.env,
};

const services = ['identity', 'tasks', 'bids', 'payments', 'chat', 'ledger'] as const;
const basePort = Number(env.SERVICES_BASE_PORT ?? 4001);
const compiled = process.argv.includes('--compiled') || env.SERVICES_COMPILED === '1';
const stopTimeoutMs = 10_000;
const restartDelay = { firstMs: 1_000, maxMs: 30_000, healthyAfterMs: 60_000 };

interface Supervised {
  name: string;
  /** TypeScript entry (run with tsx) and its compiled counterpart. */
  entry: string;
  env: Record<string, string | undefined>;
  child?: ChildProcess;
  startedAt: number;
  failures: number;
  restartTimer?: NodeJS.Timeout;
}

const supervised: Supervised[] = [];
let stopping = false;

function say(line: string): void {
  process.stderr.write(`[start:services] ${line}\n`);
}

/** Loaded before anything else in each child: it ends with this supervisor, whatever state it is in. */
const endWithSupervisor = ['--import', new URL('./end-with-supervisor.mjs', import.meta.url).href];

function commandOf(entry: string): string[] {
  if (!compiled) return [...endWithSupervisor, '--import', 'tsx', entry];
  const built = `dist/server/${entry.split('/')[0]}.js`;
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build:server first`);
  return [...endWithSupervisor, '--enable-source-maps', built];
}

function launch(unit: Supervised): void {
  const child = spawn(process.execPath, commandOf(unit.entry), {
    env: unit.env,
    // fd 3 is an IPC channel: the child notices when this supervisor is gone.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Its own process group: a signal to ours reaches it only through us, once.
    detached: true,
  });
  unit.child = child;
  unit.startedAt = Date.now();
  child.on('error', (error) => say(`${unit.name} could not be started: ${error.message}`));
  child.on('exit', (code, signal) => {
    unit.child = undefined;
    if (stopping) return;
    if (Date.now() - unit.startedAt > restartDelay.healthyAfterMs) unit.failures = 0;
    const delayMs = Math.min(restartDelay.maxMs, restartDelay.firstMs * 2 ** unit.failures);
    unit.failures += 1;
    say(`${unit.name} ended (${signal ?? `exit ${code}`}); the others keep serving; restarting it in ${delayMs / 1000} s`);
    unit.restartTimer = setTimeout(() => {
      unit.restartTimer = undefined;
      if (!stopping) launch(unit);
    }, delayMs);
  });
}

function supervise(name: string, entry: string, extraEnv: Record<string, string>): void {
  const unit: Supervised = { name, entry, env: { ...env, ...extraEnv }, startedAt: 0, failures: 0 };
  supervised.push(unit);
  launch(unit);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stop(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  say(`${reason}: stopping every service (in-flight requests finish)`);
  for (const unit of supervised) clearTimeout(unit.restartTimer);
  const deadline = Date.now() + stopTimeoutMs;
  // The gateway first, so a request it already took is not forwarded to a service that has stopped listening.
  const gateway = supervised.filter((unit) => unit.name === 'gateway');
  const rest = supervised.filter((unit) => unit.name !== 'gateway');
  let outcome = await stopUnits(gateway, deadline);
  if (outcome === 'stopped') outcome = await stopUnits(rest, deadline);
  else await stopUnits(rest, deadline);
  process.exit(outcome === 'timeout' ? 1 : 0);
}

/** SIGTERM once to each running child of `units`; whatever still runs at `deadline` is killed. */
async function stopUnits(units: Supervised[], deadline: number): Promise<'stopped' | 'timeout'> {
  const running = units.flatMap((unit) => (unit.child ? [unit.child] : []));
  for (const child of running) child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now())).unref());
  const outcome = await Promise.race([Promise.all(running.map(exited)).then(() => 'stopped' as const), timeout]);
  if (outcome === 'timeout') {
    for (const child of running) {
      if (child.exitCode === null && child.signalCode === null) {
        say(`pid ${child.pid} did not stop within ${stopTimeoutMs / 1000} s; killing it`);
        killGroup(child, 'SIGKILL');
      }
    }
  }
  return outcome;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGHUP', () => void stop('SIGHUP'));
// `npm run start:services` forwards SIGTERM/SIGINT here; if npm (or the shell) that started us is killed outright,
// this process is re-parented: it then stops the topology instead of serving on as an orphan with its ports bound.
const startingParent = process.ppid;
setInterval(() => {
  if (process.ppid !== startingParent) void stop('parent process gone');
}, 1_000).unref();
// Whatever ends this process, its children do not outlive it.
process.on('exit', () => {
  for (const unit of supervised) if (unit.child && unit.child.exitCode === null) killGroup(unit.child, 'SIGKILL');
});

await ensureDatabase(env.DATABASE_URL as string);

const portOf = (name: (typeof services)[number]) => basePort + services.indexOf(name);
// Every process knows where every service answers, as the services call each other.
const urls = Object.fromEntries(services.map((name) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${portOf(name)}`]));
for (const name of services) {
  supervise(name, `svc-${name}/src/main.ts`, { ...urls, PORT: String(portOf(name)), DATABASE_SCHEMA: name });
}
supervise('gateway', 'gateway/src/main.ts', { PORT: env.PORT ?? '8080', ...urls });

/** Creates the database named in the URL if the server does not have it yet. */
async function ensureDatabase(url: string) {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

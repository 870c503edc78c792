/**
 * Browse at scale, through the gateway of the distributed topology on this machine's PostgreSQL (a process per
 * service, NATS JetStream), next to the same requests straight to svc-tasks and a bare Koa hello-JSON ceiling.
 * Each request is loaded three ways: as visitors send it (the gateway answers repeats from its shared cache while
 * svc-tasks' `s-maxage` allows), with `Cache-Control: no-cache` (the gateway asks svc-tasks every time; svc-tasks
 * still answers first pages from its own cache), and straight to svc-tasks.
 *
 *   npx tsx bench/browse.ts                       # 100 000 tasks, 20 connections, 10 s per request
 *   npx tsx bench/browse.ts --count 30000 --duration 5
 *
 * The tasks are loaded by bench/seed-tasks.ts into their own database (default fragtbud_bench) the first time;
 * later runs reuse them. Ports: services from 4711, gateway 8711, ceiling 8712 (override with --base-port).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { signInternalToken, internalTokenHeader } from '@fragtbud/platform';
import { seedTaskTable } from './seed-tasks';
import { startProcess, stop, waitUntilOk } from './support/processes';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/fragtbud_bench' },
    'nats-url': { type: 'string', default: 'nats://127.0.0.1:4222' },
    'base-port': { type: 'string', default: '4711' },
  },
});
const count = Number(values.count);
const duration = Number(values.duration);
const connections = Number(values.connections);
const databaseUrl = values['database-url'] as string;
const basePort = Number(values['base-port']);
const gatewayPort = basePort + 1000;
const ceilingPort = gatewayPort + 1;
const tasksPort = basePort + 1;
const secret = randomBytes(32).toString('hex');

await ensureDatabase(databaseUrl);
if ((await countTasks(databaseUrl)) !== count) {
  process.stdout.write(`loading ${count} tasks into ${databaseUrl} …\n`);
  await seedTaskTable({ count, url: databaseUrl, replace: true });
}
await vacuum(databaseUrl);

const topology = startProcess('scripts/start-services.ts', {
  DATABASE_URL: databaseUrl,
  NATS_URL: values['nats-url'],
  BUS_NAMESPACE: `bench${basePort}`,
  INTERNAL_TOKEN_SECRET: secret,
  SERVICES_BASE_PORT: String(basePort),
  PORT: String(gatewayPort),
  LOG_LEVEL: 'warn',
  DEMO_SEED: '0',
  API_RATE_LIMIT_PER_MINUTE: '100000000',
});
const ceiling = startProcess('bench/support/hello-koa.ts', { PORT: String(ceilingPort) });

try {
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  const direct = `http://127.0.0.1:${tasksPort}`;
  await waitUntilOk(`${gateway}/api/health`, 120_000);
  await waitUntilOk(`http://127.0.0.1:${ceilingPort}/hello`);

  const requests: [string, string][] = [
    ['first page', '/tasks'],
    ['page 50', '/tasks?page=50'],
    ['q=aarhus (frequent)', '/tasks?q=aarhus'],
    ['q=flygel (rare)', '/tasks?q=flygel'],
    ['type + status', '/tasks?type=moving&status=open_for_bids'],
    ['price range', '/tasks?minPrice=1000&maxPrice=5000'],
    // Not a first page: with no-cache and direct, what a page costs when the query really runs.
    ['q=aarhus page 2', '/tasks?q=aarhus&page=2'],
    ['type + status page 2', '/tasks?type=moving&status=open_for_bids&page=2'],
  ];

  // Every process's code is compiled while it runs: a few seconds of each path first, not counted.
  await load(`${gateway}/api/tasks?page=3`, {}, 3);
  await load(`${gateway}/api/tasks?page=3`, { 'cache-control': 'no-cache' }, 3);
  await load(`http://127.0.0.1:${ceilingPort}/hello`, {}, 3);
  const ceilingResult = await load(`http://127.0.0.1:${ceilingPort}/hello`);
  const rows: string[] = [];
  for (const [name, path] of requests) {
    const through = await load(`${gateway}/api${path}`);
    const uncached = await load(`${gateway}/api${path}`, { 'cache-control': 'no-cache' });
    // The service trusts only a signed internal token (60 s): a fresh one per run, for nobody, as the gateway signs.
    const token = await signInternalToken({ secret, user: null });
    const straight = await load(`${direct}${path}`, { [internalTokenHeader]: token });
    rows.push(
      `| ${name} | ${through.rps} req/s | ${through.p50} ms | ${through.p95} ms | ${percentOf(through.rps, ceilingResult.rps)} | ${uncached.rps} req/s | ${uncached.p95} ms | ${percentOf(uncached.rps, ceilingResult.rps)} | ${straight.rps} req/s | ${straight.p95} ms | ${through.errors + uncached.errors + straight.errors} |`,
    );
  }
  process.stdout.write(
    [
      '',
      `${count} tasks, ${connections} connections, ${duration} s each; bare Koa ceiling ${ceilingResult.rps} req/s (p95 ${ceilingResult.p95} ms)`,
      '',
      '| request | through gateway | p50 | p95 | of ceiling | gateway, no-cache | p95 | of ceiling | direct to svc-tasks | direct p95 | errors |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
} finally {
  await stop(topology);
  await stop(ceiling);
}

/** autocannon's summary has p90 and p97.5; p95 comes from every response's time. */
async function load(url: string, headers: Record<string, string> = {}, seconds = duration) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, duration: seconds }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round((times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0) * 10) / 10;
  return { rps: Math.round(result.requests.average), p50: at(50), p95: at(95), errors: result.errors + result.non2xx };
}

function percentOf(part: number, whole: number): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : '–';
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function ensureDatabase(url: string) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  await withClient(admin.toString(), async (client) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  });
}

async function countTasks(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const table = await client.query(`select to_regclass('tasks.tasks') as t`);
    if (!table.rows[0]?.t) return -1;
    return Number((await client.query('select count(*) from tasks.tasks')).rows[0]?.count ?? -1);
  });
}

/** Index-only scans need the visibility map; a fresh load has none until autovacuum comes by. */
async function vacuum(url: string) {
  await withClient(url, (client) => client.query('vacuum analyze tasks.tasks'));
}

/**
 * The distributed topology on this machine: every service in its own process against PostgreSQL and NATS
 * JetStream, the gateway in front. `npm run start:services` (after `npm run build`).
 * DATABASE_URL and NATS_URL default to the local servers; each service keeps its tables in its own schema.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const env = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fragtbud',
  NATS_URL: 'nats://127.0.0.1:4222',
  INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'),
  DEMO_SEED: '1',
  ...process.env,
};

const services = ['identity', 'tasks', 'bids', 'payments', 'chat', 'ledger'] as const;
const basePort = Number(env.SERVICES_BASE_PORT ?? 4001);
const children: ChildProcess[] = [];

function start(name: string, entry: string, extraEnv: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${name} stopped (${signal ?? code}); stopping the rest\n`);
      stop(1);
    }
  });
  children.push(child);
}

await ensureDatabase(env.DATABASE_URL);

const portOf = (name: (typeof services)[number]) => basePort + services.indexOf(name);
// Every process knows where every service answers, as the services call each other.
const urls = Object.fromEntries(services.map((name) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${portOf(name)}`]));
for (const name of services) {
  start(name, `svc-${name}/src/main.ts`, { ...urls, PORT: String(portOf(name)), DATABASE_SCHEMA: name });
}
start('gateway', 'gateway/src/main.ts', { PORT: env.PORT ?? '8080', ...urls });

let stopping = false;
function stop(code: number) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2_000).unref();
}
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));

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

/**
 * Fault suite (`npm run test:faults`): the product under `start:services` (compiled, supervised) against a
 * PostgreSQL server of its own (the machine's PostgreSQL binaries, initdb in a temporary directory on a free port, so
 * it can be restarted; with FAULTS_DATABASE_URL or without the binaries, the given server and no restart test) and a
 * NATS JetStream server of its own (/usr/sbin/nats-server on a free port with its own store directory, so it can be
 * stopped and wiped). The tests run in order on one topology: NATS outage during writes, NATS store wiped, a service
 * killed, PostgreSQL connections terminated, PostgreSQL restarted, SIGTERM, the supervisor's parent killed.
 *
 * "Consistent" means: every tasks.task.created event in svc-tasks' outbox was handled exactly once by svc-bids'
 * task projection (its inbox), and the projection has exactly the tasks svc-tasks has.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { asPostgres, countBy, ensureCompiledServer, findPostgresBin, initPostgres, sleep, waitUntil } from './support';

const postgresBin = process.env.FAULTS_DATABASE_URL ? undefined : findPostgresBin();
let postgresUrl = process.env.FAULTS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsServerBinary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const database = `faults_${randomBytes(4).toString('hex')}`;
let databaseUrl = withDatabase(postgresUrl, database);
const postgresDir = postgresBin ? mkdtempSync(path.join(tmpdir(), 'fragtbud-faults-pg-')) : '';
let postgresPort = 0;
const storeDir = mkdtempSync(path.join(tmpdir(), 'fragtbud-faults-nats-'));
const customer = { email: 'kunde@fragtbud.dk', password: 'demo1234' };

let natsPort = 0;
let gatewayUrl = '';
let nats: ChildProcess | undefined;
let supervisor: ChildProcess | undefined;
let supervisorLog = '';
/** The supervisor's lines saying a child ended, kept whole (the log above is only a tail). */
const endedLines: string[] = [];
let partialLine = '';
let token = '';
let admin: pg.Client;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Ports below the kernel's range for outgoing connections (32768–60999 on Linux): a port taken from that range can
 * be claimed by a service's own connection to PostgreSQL or NATS before the service listens on it (a second
 * topology once never became healthy because svc-tasks could not bind its port).
 */
const portRange = { from: 20_000, below: 32_768 };

function freePort(): Promise<number> {
  return freePortRun(1);
}

/** A run of free ports one after the other (start:services numbers the services from a base port). */
async function freePortRun(length: number): Promise<number> {
  for (;;) {
    const base = portRange.from + Math.floor(Math.random() * (portRange.below - portRange.from - length));
    const free = await Promise.all(Array.from({ length }, (_, i) => portIsFree(base + i)));
    if (free.every(Boolean)) return base;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function startNats(): Promise<void> {
  nats = spawn(natsServerBinary, ['-js', '-a', '127.0.0.1', '-p', String(natsPort), '-sd', storeDir], { stdio: 'ignore' });
  await waitUntil('NATS listening', async () => !(await portIsFree(natsPort)), 10_000, 50);
}

async function stopNats(): Promise<void> {
  const running = nats;
  nats = undefined;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

function pgCtl(action: 'start' | 'stop'): void {
  const data = path.join(postgresDir, 'data');
  if (action === 'start') {
    const options = `-p ${postgresPort} -k ${postgresDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`;
    asPostgres(postgresBin as string, 'pg_ctl', ['-D', data, '-l', path.join(postgresDir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  } else {
    asPostgres(postgresBin as string, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  }
}

async function startOwnPostgres(): Promise<void> {
  initPostgres(postgresBin as string, postgresDir);
  postgresPort = await freePort();
  pgCtl('start');
  postgresUrl = `postgres://postgres@127.0.0.1:${postgresPort}/postgres`;
  databaseUrl = withDatabase(postgresUrl, database);
}

/** What a supervised topology of this suite runs with (its own PostgreSQL database and NATS server). */
function topologyEnv(basePort: number, gatewayPort: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NATS_URL: `nats://127.0.0.1:${natsPort}`,
    SERVICES_BASE_PORT: String(basePort),
    PORT: String(gatewayPort),
    LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'error',
    NODE_ENV: 'development',
    BUS_NAMESPACE: '',
    // The suite sends bursts from one address on purpose; the gateway's per-address limit is not under test here.
    API_RATE_LIMIT_PER_MINUTE: '1000000',
  };
}

/** Writes and reads in a loop until `stop()`, every status kept (a fault case asserts what they were). */
function startLoad(): { statuses: number[]; stop: () => Promise<void> } {
  const statuses: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const replies = await Promise.all([createTask(), api('/api/tasks'), api('/api/auth/profile')]);
      statuses.push(...replies.map((reply) => reply.status));
      await sleep(20);
    }
  })();
  return {
    statuses,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

async function api(pathname: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${gatewayUrl}${pathname}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'x-session-transport': 'bearer', 'content-type': 'application/json', ...init.headers },
    signal: AbortSignal.timeout(15_000),
  });
}

let taskCounter = 0;
function createTask(): Promise<Response> {
  taskCounter += 1;
  return api('/api/tasks', {
    method: 'POST',
    body: JSON.stringify({
      type: 'courier',
      from_address: `Vestergade ${taskCounter}, 8000 Aarhus C`,
      to_address: 'Nørregade 5, 1165 København K',
      description: `Fejltest ${taskCounter}`,
      details: { packageSize: 'small', packageWeight: 2.5 },
    }),
  });
}

async function health(): Promise<{ status: string; services: Record<string, string> }> {
  const response = await fetch(`${gatewayUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
  return (await response.json()) as { status: string; services: Record<string, string> };
}

interface Consistency {
  tasks: number;
  created: number;
  handled: number;
  lost: number;
  projected: number;
  unsent: number;
}

async function consistency(): Promise<Consistency> {
  const count = async (sql: string) => Number((await admin.query<{ n: string }>(sql)).rows[0]?.n ?? 0);
  return {
    tasks: await count('select count(*) as n from tasks.tasks'),
    created: await count(`select count(*) as n from tasks.outbox where type = 'tasks.task.created'`),
    handled: await count(
      `select count(*) as n from bids.inbox i join tasks.outbox o on o.id::text = i.event_id
       where i.durable = 'bids-task-projection' and o.type = 'tasks.task.created'`,
    ),
    lost: await count(
      `select count(*) as n from tasks.outbox o where o.type = 'tasks.task.created' and not exists
         (select 1 from bids.inbox i where i.durable = 'bids-task-projection' and i.event_id = o.id::text)`,
    ),
    projected: await count('select count(*) as n from bids.task_projection'),
    unsent: await count('select count(*) as n from tasks.outbox where sent_at is null'),
  };
}

function isConsistent(state: Consistency): boolean {
  return state.lost === 0 && state.created === state.tasks && state.handled === state.tasks && state.projected === state.tasks;
}

async function waitConsistent(what: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  await waitUntil(what, async () => isConsistent(await consistency()), timeoutMs, 100).catch(async (error: unknown) => {
    throw new Error(`${String(error)}; state ${JSON.stringify(await consistency())}`);
  });
  return Date.now() - started;
}

/**
 * A POST on a connection of its own whose body is sent in two halves: after `started` the gateway is reading it
 * (headers parsed, the request is in flight), `finish()` sends the rest, `answered` gives the status or the error.
 */
function requestInFlight(pathname: string, body: unknown): { started: Promise<void>; finish: () => void; answered: Promise<number | string> } {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  let finish: () => void = () => undefined;
  const answered = new Promise<number | string>((resolve) => {
    const outgoing = request(
      `${gatewayUrl}${pathname}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'x-session-transport': 'bearer',
          'content-type': 'application/json',
          'content-length': payload.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', (error) => resolve(`response failed: ${error.message}`));
      },
    );
    outgoing.on('error', (error) => {
      markStarted();
      resolve(`failed: ${error.message}`);
    });
    outgoing.on('socket', (socket) => socket.once('connect', () => setTimeout(markStarted, 300)));
    outgoing.write(payload.subarray(0, half));
    finish = () => outgoing.end(payload.subarray(half));
  });
  return { started, finish, answered };
}

function childrenOf(pid: number): Array<{ pid: number; args: string }> {
  const out = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ pid: Number(line.split(/\s+/, 1)[0]), args: line.slice(line.indexOf(' ') + 1) }));
}

describe('fault suite', { timeout: 290_000 }, () => {
  before(async () => {
    if (!existsSync(natsServerBinary)) throw new Error(`${natsServerBinary} is missing (NATS_SERVER_BIN)`);
    if (postgresBin) await startOwnPostgres();
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    admin = new pg.Client({ connectionString: databaseUrl });
    admin.on('error', () => undefined);
    await admin.connect();

    natsPort = await freePort();
    await startNats();
    ensureCompiledServer();
    const basePort = await freePortRun(6);
    const gatewayPort = await freePort();
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    supervisor = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-services.ts', '--compiled'], {
      env: { ...topologyEnv(basePort, gatewayPort), DEMO_SEED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      supervisorLog = (supervisorLog + chunk.toString()).slice(-20_000);
      const lines = (partialLine + chunk.toString()).split('\n');
      partialLine = lines.pop() ?? '';
      endedLines.push(...lines.filter((line) => /ended \(/.test(line)));
    };
    supervisor.stdout?.on('data', keep);
    supervisor.stderr?.on('data', keep);
    await waitUntil('every service healthy', async () => (await health()).status === 'ok', 90_000, 250);
    token = await waitUntil(
      'demo customer login',
      async () => {
        const response = await fetch(`${gatewayUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-session-transport': 'bearer' },
          body: JSON.stringify(customer),
        });
        return ((await response.json()) as { token?: string }).token;
      },
      30_000,
      250,
    );
  });

  after(async () => {
    if (supervisor && supervisor.exitCode === null) {
      const exited = new Promise((resolve) => supervisor?.once('exit', resolve));
      supervisor.kill('SIGTERM');
      await Promise.race([exited, sleep(12_000)]);
    }
    await stopNats();
    await admin?.end().catch(() => undefined);
    const cleanup = new pg.Client({ connectionString: postgresUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await cleanup.end();
    rmSync(storeDir, { recursive: true, force: true });
    if (postgresBin) {
      if (process.exitCode && existsSync(path.join(postgresDir, 'server.log'))) {
        process.stderr.write(`--- PostgreSQL log (tail) ---\n${readFileSync(path.join(postgresDir, 'server.log'), 'utf8').slice(-3_000)}\n`);
      }
      try {
        pgCtl('stop');
      } catch (error) {
        process.stderr.write(`stopping the suite's PostgreSQL: ${String(error)}\n`);
      }
      rmSync(postgresDir, { recursive: true, force: true });
    }
    if (process.exitCode) process.stderr.write(`--- supervisor output (tail) ---\n${supervisorLog.slice(-5_000)}\n`);
  });

  it('NATS down 30 s during writes: requests work, health degraded; consistent within 5 s of its return, 0 lost, 0 duplicated', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await createTask()).status, 201);
    await waitConsistent('consistent before the outage', 10_000);

    await stopNats();
    const statuses: number[] = [];
    const outageEnds = Date.now() + 30_000;
    let sawDegraded = false;
    while (Date.now() < outageEnds) {
      statuses.push((await createTask()).status);
      const report = await health();
      if (report.status === 'degraded') sawDegraded = true;
      assert.notEqual(report.status, 'down', `a service counted as down during the NATS outage: ${JSON.stringify(report)}`);
      await sleep(1_500);
    }
    assert.ok(statuses.length >= 10);
    assert.deepEqual([...new Set(statuses)], [201], 'every write during the outage succeeds');
    assert.ok(sawDegraded, 'health reports degraded while NATS is down');

    await startNats();
    const tookMs = await waitConsistent('consistent after NATS returned', 5_000);
    const state = await consistency();
    assert.equal(state.lost, 0);
    assert.equal(state.projected, state.tasks, 'each task projected once');
    process.stdout.write(`# NATS outage: consistent ${tookMs} ms after NATS returned (${state.tasks} tasks)\n`);
    await waitUntil('health ok again', async () => (await health()).status === 'ok', 15_000, 250);
  });

  it('NATS store wiped: streams and consumers recreated, the outbox window replayed; consistent within 10 s, nothing lost', async () => {
    // svc-bids paused: these events reach the stream (their outbox rows are marked sent) but are not consumed, so
    // after the wipe only the outbox replay can bring them back.
    const bids = childrenOf(supervisor?.pid as number).find((child) => child.args.includes('svc-bids'));
    assert.ok(bids);
    process.kill(bids.pid, 'SIGSTOP');
    try {
      for (let i = 0; i < 5; i++) assert.equal((await createTask()).status, 201);
      await waitUntil(
        'published to the stream',
        async () => Number((await admin.query(`select count(*) as n from tasks.outbox where sent_at is null`)).rows[0].n) === 0,
        5_000,
      );
      assert.ok((await consistency()).lost >= 5, 'the paused consumer has not handled them');
      await stopNats();
      rmSync(storeDir, { recursive: true, force: true });
      for (let i = 0; i < 3; i++) assert.equal((await createTask()).status, 201);
    } finally {
      process.kill(bids.pid, 'SIGCONT');
    }
    await startNats();
    const tookMs = await waitConsistent('consistent after the store was wiped', 10_000);
    for (let i = 0; i < 2; i++) assert.equal((await createTask()).status, 201);
    await waitConsistent('new events flow after the wipe', 10_000);
    process.stdout.write(`# store wiped: consistent ${tookMs} ms after NATS returned\n`);
    await waitUntil('health ok after the wipe', async () => (await health()).status === 'ok', 15_000, 250);
  });

  it('a service killed: the supervisor restarts it while the others answer throughout', async () => {
    const bids = childrenOf(supervisor?.pid as number).find((child) => child.args.includes('svc-bids'));
    assert.ok(bids, 'svc-bids runs under the supervisor');
    process.kill(bids.pid, 'SIGKILL');
    const others: number[] = [];
    const restarted = waitUntil(
      'svc-bids restarted and healthy',
      async () => {
        const again = childrenOf(supervisor?.pid as number).find((child) => child.args.includes('svc-bids'));
        return again && again.pid !== bids.pid && (await health()).services.bids === 'ok';
      },
      20_000,
      200,
    );
    let done = false;
    void restarted.finally(() => {
      done = true;
    });
    while (!done) {
      others.push((await api('/api/tasks')).status);
      others.push((await api('/api/auth/profile')).status);
      await sleep(100);
    }
    await restarted;
    assert.ok(others.length > 10);
    assert.deepEqual([...new Set(others)], [200], 'tasks and identity answered while svc-bids was down');
  });

  it('PostgreSQL connections terminated under load: only 2xx and 503, never 500; services reconnect by themselves', async () => {
    const load = startLoad();
    const { statuses } = load;
    const killer = new pg.Client({ connectionString: postgresUrl });
    await killer.connect();
    try {
      for (let round = 0; round < 5; round++) {
        await sleep(300);
        await killer.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
      }
    } finally {
      await killer.end();
    }
    await sleep(500);
    await load.stop();
    // The test's own connection was terminated too.
    await admin.end().catch(() => undefined);
    admin = new pg.Client({ connectionString: databaseUrl });
    admin.on('error', () => undefined);
    await admin.connect();

    const unexpected = statuses.filter((status) => status >= 500 && status !== 503);
    assert.deepEqual(unexpected, [], `only 503 while connections are lost (got ${JSON.stringify(countBy(statuses))})`);
    assert.equal((await createTask()).status, 201, 'writes work again');
    await waitConsistent('consistent after the connection loss', 15_000);
  });

  it('PostgreSQL restarted under load: only 2xx and 503 while it is away, never 500; everything works again after', { skip: !postgresBin && 'needs the suite\'s own PostgreSQL server' }, async () => {
    const load = startLoad();
    const { statuses } = load;
    await sleep(500);
    pgCtl('stop');
    const duringOutage = statuses.length;
    await sleep(3_000);
    pgCtl('start');
    await sleep(2_000);
    await load.stop();
    await admin.end().catch(() => undefined);
    admin = new pg.Client({ connectionString: databaseUrl });
    admin.on('error', () => undefined);
    await admin.connect();

    const unexpected = statuses.filter((status) => status >= 500 && status !== 503);
    assert.deepEqual(unexpected, [], `only 503 while PostgreSQL is away (got ${JSON.stringify(countBy(statuses))})`);
    assert.ok(statuses.slice(duringOutage).includes(503), `the outage was seen as 503 (got ${JSON.stringify(countBy(statuses))})`);
    assert.equal((await waitUntil('writes work again', async () => (await createTask()).status === 201 || undefined, 15_000, 250)), true);
    await waitConsistent('consistent after the restart', 20_000);
  });

  it('SIGTERM: every in-flight request finishes, each child stops once, all within 10 s, no orphans', async () => {
    const sup = supervisor as ChildProcess;
    const children = childrenOf(sup.pid as number).filter((child) => child.args.includes('dist/server/'));
    assert.equal(children.length, 7);
    const inFlight = Array.from({ length: 20 }, () => {
      taskCounter += 1;
      return requestInFlight('/api/tasks', {
        type: 'courier',
        from_address: `Vestergade ${taskCounter}, 8000 Aarhus C`,
        to_address: 'Nørregade 5, 1165 København K',
        description: `Fejltest ${taskCounter}`,
        details: { packageSize: 'small', packageWeight: 2.5 },
      });
    });
    await Promise.all(inFlight.map((one) => one.started));
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => sup.once('exit', (code) => resolve(code)));
    sup.kill('SIGTERM');
    // The rest of each body arrives after the signal: the requests are in flight while the topology stops.
    await sleep(300);
    inFlight.forEach((one) => one.finish());
    const results = await Promise.all(inFlight.map((one) => one.answered));
    const code = await exited;
    const tookMs = Date.now() - started;
    assert.ok(results.every((status) => status === 201), `in-flight results: ${JSON.stringify(results)}`);
    assert.equal(code, 0, 'supervisor stopped cleanly');
    assert.ok(tookMs < 10_000, `stopped in ${tookMs} ms`);
    await sleep(200);
    const alive = children.filter((child) => spawnSync('kill', ['-0', String(child.pid)]).status === 0);
    assert.deepEqual(alive, [], 'no child outlives the supervisor');
    assert.equal(endedLines.length, 1, `no child ended by a second signal (only the killed svc-bids earlier): ${JSON.stringify(endedLines)}`);
  });

  it('the process that started the supervisor killed outright (kill -9 on npm or its shell): the whole tree stops, no orphans', async () => {
    const gatewayPort = await freePort();
    // `; :` keeps the shell as the supervisor's parent (no exec), as npm is when it runs the start script.
    const shell = spawn('sh', ['-c', `"${process.execPath}" --import tsx scripts/start-services.ts --compiled; :`], {
      env: topologyEnv(await freePortRun(6), gatewayPort),
      stdio: 'ignore',
    });
    const url = `http://127.0.0.1:${gatewayPort}`;
    try {
      await waitUntil('second topology healthy', async () => {
        const response = await fetch(`${url}/api/health`).catch(() => undefined);
        return response?.ok && ((await response.json()) as { status: string }).status === 'ok';
      }, 90_000, 250);
      const [supervisorProcess] = childrenOf(shell.pid as number);
      assert.ok(supervisorProcess, 'the supervisor runs under the shell');
      const tree = [supervisorProcess, ...childrenOf(supervisorProcess.pid)];
      assert.equal(tree.length, 8, `supervisor and seven children: ${JSON.stringify(tree)}`);
      shell.kill('SIGKILL');
      const alive = () => tree.filter((one) => spawnSync('kill', ['-0', String(one.pid)]).status === 0);
      await waitUntil('every process of the orphaned tree gone', async () => alive().length === 0, 15_000, 250).catch(() => undefined);
      assert.deepEqual(alive(), [], 'nothing outlives the killed parent');
      await assert.rejects(fetch(`${url}/api/health`), 'the gateway port is free again');
    } finally {
      // A failed check must not leave the second topology running (the suite would never end).
      if (shell.exitCode === null && shell.signalCode === null) shell.kill('SIGKILL');
    }
  });
});

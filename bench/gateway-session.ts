/**
 * Load on the gateway's hot path: an authenticated GET /api/auth/profile (session cache, internal token, proxy,
 * service, database) and POST /api/auth/login (argon2id). Bounded: 10 s per scenario.
 * The same profile call is also sent straight to svc-identity with a signed internal token, so the line "gateway hop"
 * shows what the gateway costs on the authenticated path (issue 15's goal: at most 15 % of direct throughput).
 *
 *   npx tsx bench/gateway-session.ts                 # embedded: one process, PGlite in memory
 *   npx tsx bench/gateway-session.ts --distributed   # a process per service + the gateway, PostgreSQL and NATS
 *   --rounds N                                       # gateway and direct runs taken in turns (default 3)
 *
 * Each round also sends the direct call through a bare proxy (bench/support/bare-proxy.ts: node:http + undici, no
 * session, token, headers or logging): the floor of any HTTP hop written in Node on this machine, so the line says
 * how much of the gateway's hop is the second request and answer as such and how much is the gateway's own work.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createLogger, internalTokenHeader, signInternalToken } from '@fragtbud/platform';
import { startEmbedded } from '@fragtbud/embedded';
import { freshDatabase } from './support/database';
import { cpuSecondsOf, pidsOf, startProcess, stop, waitUntilOk } from './support/processes';
import type { ChildProcess } from 'node:child_process';

const { values } = parseArgs({
  options: {
    distributed: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/fragtbud_bench_session' },
    'nats-url': { type: 'string', default: 'nats://127.0.0.1:4222' },
    'base-port': { type: 'string', default: '4811' },
    rounds: { type: 'string', default: '3' },
  },
});
const benchEnv = { LOG_LEVEL: 'silent', DEMO_SEED: '1', API_RATE_LIMIT_PER_MINUTE: '1000000', LOGIN_RATE_LIMIT: '1000000' };

interface Topology {
  url: string;
  identityUrl: string;
  secret: string;
  /** The gateway's and svc-identity's own processes (distributed only), for their CPU time per request. */
  processes?: { gateway: number; identity: number };
  close(): Promise<void>;
}

async function embedded(): Promise<Topology> {
  const topology = await startEmbedded({
    env: { ...benchEnv, PORT: '0', INTERNAL_TOKEN_SECRET: 'bench-secret-'.padEnd(40, 'x') },
    dataDir: 'memory',
    logger: createLogger({ name: 'bench', level: 'silent' }),
  });
  const identityUrl = topology.services.find((service) => service.name === 'identity')?.url;
  if (!identityUrl) throw new Error('svc-identity is not running');
  return { url: topology.url, identityUrl, secret: topology.gatewayEnv.INTERNAL_TOKEN_SECRET as string, close: () => topology.close() };
}

/** The distributed topology (scripts/start-services.ts) on a database of its own, dropped and created afresh. */
async function distributed(): Promise<Topology> {
  const databaseUrl = values['database-url'] as string;
  await freshDatabase(databaseUrl);

  const basePort = Number(values['base-port']);
  const secret = randomBytes(32).toString('hex');
  const namespace = `benchsession${basePort}`;
  const child = startProcess('scripts/start-services.ts', {
    ...benchEnv,
    DATABASE_URL: databaseUrl,
    NATS_URL: values['nats-url'],
    BUS_NAMESPACE: namespace,
    INTERNAL_TOKEN_SECRET: secret,
    SERVICES_BASE_PORT: String(basePort),
    PORT: String(basePort + 1000),
  });
  const url = `http://127.0.0.1:${basePort + 1000}`;
  await waitUntilOk(`${url}/api/health`, 120_000);
  const [gateway] = pidsOf('gateway/src/main.ts', `BUS_NAMESPACE=${namespace}`);
  const [identity] = pidsOf('svc-identity/src/main.ts', `BUS_NAMESPACE=${namespace}`);
  const processes = gateway && identity ? { gateway, identity } : undefined;
  return { url, identityUrl: `http://127.0.0.1:${basePort}`, secret, processes, close: () => stop(child) };
}

const topology = values.distributed ? await distributed() : await embedded();
const bareProxyPort = Number(values['base-port']) + 1100;
const bareProxy: ChildProcess = startProcess('bench/support/bare-proxy.ts', { TARGET: topology.identityUrl, PORT: String(bareProxyPort) });
const bareProxyUrl = `http://127.0.0.1:${bareProxyPort}`;
process.stdout.write(`${values.distributed ? 'distributed (a process per service, PostgreSQL, NATS)' : 'embedded (one process, PGlite)'}\n`);

const credentials = JSON.stringify({ email: 'kunde@fragtbud.dk', password: 'demo1234' });
const login = await fetch(`${topology.url}/api/auth/login`, {
  method: 'POST',
  // An API client asks for the token in the JSON; browsers get only the HttpOnly cookie.
  headers: { 'content-type': 'application/json', 'x-session-transport': 'bearer' },
  body: credentials,
});
const { token } = (await login.json()) as { token: string };

/**
 * One scenario. In the distributed topology the line also gives the CPU time the proxy in front (the gateway or the
 * bare proxy, if any) and svc-identity each spent per request: unlike req/s, that does not depend on what else the
 * machine runs meanwhile.
 */
async function run(title: string, options: autocannon.Options, proxy?: { name: string; pid: number | undefined }): Promise<number> {
  const identityPid = topology.processes?.identity;
  const cpuNow = (pid: number | undefined) => (pid === undefined ? 0 : cpuSecondsOf(pid));
  const before = { proxy: cpuNow(proxy?.pid), identity: cpuNow(identityPid) };
  const result = await autocannon({ duration: 10, connections: 20, ...options });
  let cpu = '';
  if (identityPid !== undefined) {
    const perRequest = (pid: number | undefined, start: number) => Math.round(((cpuNow(pid) - start) * 1e6) / result.requests.total);
    const proxyCpu = proxy ? `${proxy.name} ${perRequest(proxy.pid, before.proxy)} µs, ` : '';
    cpu = `; CPU per request: ${proxyCpu}svc-identity ${perRequest(identityPid, before.identity)} µs`;
  }
  const line = `${title}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}${cpu}`;
  process.stdout.write(`${line}\n`);
  // Answers that failed are no measure of the path: stop rather than print a ratio built on them.
  if (result.errors + result.non2xx > 0) throw new Error(`${title}: ${result.errors + result.non2xx} requests failed`);
  return result.requests.average;
}

/** p50 and p99 (ms, two decimals) of `count` requests sent one after another on a kept-alive connection. */
async function oneAtATime(url: string, headers: Record<string, string>, count = 2_000) {
  const times: number[] = [];
  for (let i = 0; i < count + 200; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (i >= 200) times.push(performance.now() - started); // the first 200 warm up
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round((times[Math.ceil((p / 100) * times.length) - 1] ?? 0) * 100) / 100;
  return { p50: at(50), p99: at(99) };
}

const { secret, identityUrl } = topology;
const resolved = await fetch(new URL('/internal/sessions/resolve', identityUrl), {
  method: 'POST',
  headers: { 'content-type': 'application/json', [internalTokenHeader]: await signInternalToken({ secret, user: null, service: 'bench' }) },
  body: JSON.stringify({ token }),
});
const { user } = (await resolved.json()) as { user: Parameters<typeof signInternalToken>[0]['user'] };

// Signed afresh for each run: an internal token lives 60 s.
const directHeaders = async () => ({ [internalTokenHeader]: await signInternalToken({ secret, user, client: { ip: '127.0.0.1', https: false } }) });
// Through the gateway and direct, taken in turns: on a shared machine the minutes differ more than the two paths do,
// so each round compares runs taken side by side, and the median round is the result.
const hops: number[] = [];
const floors: number[] = [];
const gatewayProcess = topology.processes && { name: 'gateway', pid: topology.processes.gateway };
await waitUntilOk(`${bareProxyUrl}/healthz`);
// Every path once unmeasured first, so that no round 1 pays for the JIT alone.
for (const [url, headers] of [
  [`${topology.url}/api/auth/profile`, { authorization: `Bearer ${token}` }],
  [`${identityUrl}/auth/profile`, await directHeaders()],
  [`${bareProxyUrl}/auth/profile`, await directHeaders()],
] as const) {
  await autocannon({ url, headers, duration: 3, connections: 20 });
}
for (let round = 1; round <= Number(values.rounds); round += 1) {
  const throughGateway = await run(
    `round ${round}: GET /api/auth/profile (bearer) through the gateway`,
    { url: `${topology.url}/api/auth/profile`, headers: { authorization: `Bearer ${token}` } },
    gatewayProcess,
  );
  const direct = await run(`round ${round}: GET /auth/profile straight to svc-identity (signed internal token)`, {
    url: `${identityUrl}/auth/profile`,
    headers: await directHeaders(),
  });
  const throughBareProxy = await run(
    `round ${round}: GET /auth/profile through the bare proxy (signed internal token)`,
    { url: `${bareProxyUrl}/auth/profile`, headers: await directHeaders() },
    { name: 'bare proxy', pid: bareProxy.pid },
  );
  hops.push(Math.round((1 - throughGateway / direct) * 100));
  floors.push(Math.round((1 - throughBareProxy / direct) * 100));
}
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
process.stdout.write(`gateway hop: ${median(hops)} % below direct (median of rounds: ${hops.join(', ')} %)\n`);
process.stdout.write(`bare proxy (the floor of a hop in Node here): ${median(floors)} % below direct (rounds: ${floors.join(', ')} %)\n`);
// The same call one at a time: what the hop adds to a request when the machine is not saturated.
const alone = {
  gateway: await oneAtATime(`${topology.url}/api/auth/profile`, { authorization: `Bearer ${token}` }),
  direct: await oneAtATime(`${identityUrl}/auth/profile`, await directHeaders()),
};
process.stdout.write(
  `one request at a time (2 000 each): through the gateway p50 ${alone.gateway.p50} ms, p99 ${alone.gateway.p99} ms; ` +
    `direct p50 ${alone.direct.p50} ms, p99 ${alone.direct.p99} ms; the hop adds ${(alone.gateway.p50 - alone.direct.p50).toFixed(2)} ms at p50\n`,
);
await run('POST /api/auth/login', {
  url: `${topology.url}/api/auth/login`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: credentials,
  connections: 4,
});
if (!values.distributed) process.stdout.write(`rss after load: ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB\n`);
await stop(bareProxy);
await topology.close();

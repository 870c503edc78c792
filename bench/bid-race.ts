/**
 * The race for a task's last bid slots with svc-bids in its own process (PostgreSQL + NATS, the distributed
 * topology): 50 approved carriers bid on a task with max 5 bids at the same moment, straight to svc-bids with the
 * signed internal token the gateway would send. Each race must store exactly 5 bids and refuse 45 with 409
 * `bid_limit_reached`; the script reports the latency of all 50 (issue 15's goal: p95 ≤ 100 ms). Unlike the race
 * test (svc-bids/src/bids/race.test.ts), the 50 clients do not share svc-bids' process and event loop.
 *
 *   npx tsx bench/bid-race.ts [--races 10] [--carriers 50]
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import type { AuthUser } from '@fragtbud/contracts';
import { internalTokenHeader, signInternalToken } from '@fragtbud/platform';
import { freshDatabase } from './support/database';
import { cpuSecondsOf, pidsOf, startProcess, stop, waitUntilOk } from './support/processes';

const { values } = parseArgs({
  options: {
    races: { type: 'string', default: '10' },
    carriers: { type: 'string', default: '50' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/fragtbud_bench_race' },
    'nats-url': { type: 'string', default: 'nats://127.0.0.1:4222' },
    'base-port': { type: 'string', default: '4911' },
  },
});
const races = Number(values.races);
const carrierCount = Number(values.carriers);
const maxBids = 5;
const basePort = Number(values['base-port']);
const namespace = `benchrace${basePort}`;
const secret = randomBytes(32).toString('hex');
const tasksUrl = `http://127.0.0.1:${basePort + 1}`;
const bidsUrl = `http://127.0.0.1:${basePort + 2}`;

await freshDatabase(values['database-url'] as string);
const services = startProcess('scripts/start-services.ts', {
  DATABASE_URL: values['database-url'],
  NATS_URL: values['nats-url'],
  BUS_NAMESPACE: namespace,
  INTERNAL_TOKEN_SECRET: secret,
  SERVICES_BASE_PORT: String(basePort),
  PORT: String(basePort + 1000),
  LOG_LEVEL: 'warn',
  DEMO_SEED: '0',
  ...(process.env.BENCH_SERVICE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVICE_NODE_OPTIONS } : {}),
});

const person = (id: number, role: AuthUser['role']): AuthUser => ({
  id,
  role,
  approved: true,
  blocked: false,
  name: `${role === 'carrier' ? 'Vognmand' : 'Kunde'} ${id}`,
  email: `${role}${id}@example.dk`,
});
const headersOf = async (user: AuthUser) => ({
  'content-type': 'application/json',
  [internalTokenHeader]: await signInternalToken({ secret, user, client: { ip: '127.0.0.1', https: false } }),
});

// Like the gateway: undici with keep-alive connections, opened before the race.
const agent = new Agent({ connections: carrierCount + 5 });
async function call(url: string, method: 'GET' | 'POST', headers: Record<string, string>, body?: unknown) {
  const response = await request(url, { method, headers, dispatcher: agent, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.body.text();
  return { status: response.statusCode, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A customer's task in svc-tasks, once svc-bids knows it (so a race measures bidding, not learning the task). */
async function newTask(customer: Record<string, string>): Promise<number> {
  const created = await call(`${tasksUrl}/tasks`, 'POST', customer, {
    type: 'moving',
    from_address: 'Vestergade 12, 8000 Aarhus C',
    to_address: 'Nørregade 5, 1165 København K',
    description: 'Flytning af en treværelses lejlighed',
    details: { apartmentSize: 'medium', numberOfRooms: 3, contactPhone: '+45 20 30 40 50', floorFrom: 2, parkingDistanceFrom: 25 },
    preferred_pickup_date: '2099-08-01',
    preferred_delivery_date: '2099-08-02',
    time_frame_start: '08:00',
    time_frame_end: '16:00',
    is_flexible: false,
  });
  if (created.status !== 201) throw new Error(`creating a task: ${created.status} ${JSON.stringify(created.body)}`);
  const taskId = Number(created.body.id);
  for (let tries = 0; (await call(`${bidsUrl}/tasks/${taskId}/bids`, 'GET', customer)).status !== 200; tries += 1) {
    if (tries > 200) throw new Error(`svc-bids did not learn task ${taskId}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return taskId;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const describe = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
};

try {
  // The gateway is healthy when every service answers.
  await waitUntilOk(`http://127.0.0.1:${basePort + 1000}/api/health`, 120_000);
  const [bidsPid] = pidsOf('svc-bids/src/main.ts', `BUS_NAMESPACE=${namespace}`);
  const customer = await headersOf(person(600_001, 'customer'));
  const carriers = await Promise.all(Array.from({ length: carrierCount }, (_, i) => headersOf(person(700_001 + i, 'carrier'))));
  process.stdout.write(`bid race: ${carrierCount} carriers, max ${maxBids} bids, svc-bids in its own process (PostgreSQL, NATS)\n`);

  const p95s: number[] = [];
  for (let round = 0; round <= races; round += 1) {
    const taskId = await newTask(customer);
    const cpuBefore = bidsPid ? cpuSecondsOf(bidsPid) : 0;
    const timed = await Promise.all(
      carriers.map(async (headers, i) => {
        const started = performance.now();
        const reply = await call(`${bidsUrl}/bids`, 'POST', headers, { taskId, price: 700 + i });
        return { reply, ms: performance.now() - started };
      }),
    );
    const placed = timed.filter(({ reply }) => reply.status === 201).length;
    const refused = timed.filter(({ reply }) => reply.status === 409 && reply.body.code === 'bid_limit_reached').length;
    if (placed !== maxBids || refused !== carrierCount - maxBids) {
      throw new Error(`race ${round}: ${placed} placed, ${refused} refused — ${JSON.stringify(timed.map(({ reply }) => reply.status))}`);
    }
    const ms = timed.map(({ ms: taken }) => taken);
    const cpu = bidsPid ? `; svc-bids CPU ${Math.round(((cpuSecondsOf(bidsPid) - cpuBefore) * 1e6) / carrierCount)} µs per bid` : '';
    const label = round === 0 ? 'first bids (carriers never seen)' : `race ${round}`;
    process.stdout.write(`  ${label}: ${placed} placed, ${refused} × 409; all ${carrierCount}: ${describe(ms)}${cpu}\n`);
    if (round > 0) p95s.push(percentile([...ms].sort((a, b) => a - b), 95));
  }
  p95s.sort((a, b) => a - b);
  const withinGoal = p95s.filter((p95) => p95 <= 100).length;
  process.stdout.write(
    `known carriers, ${races} races: p95 per race median ${percentile(p95s, 50).toFixed(1)} ms, 90th percentile ${percentile(p95s, 90).toFixed(1)} ms, worst ${(p95s.at(-1) ?? 0).toFixed(1)} ms; ${withinGoal} of ${races} races with p95 ≤ 100 ms\n`,
  );
} finally {
  await stop(services);
}

/**
 * Load alerts (issue 29): how long matching one new task against every carrier's alerts takes in svc-tasks — the
 * service's own matcher (`createAlertIndex().match`: the alerts kept in memory while `alerts_version` is unchanged,
 * the task's bidders, already-told and unlisted carriers read per match) over its own migrations, with 10 000
 * alerts of 3 000 carriers by default. Recording the matches and writing their events is not part of it.
 *
 *   npx tsx bench/alert-matching.ts                                   # PGlite in memory (the embedded default)
 *   npx tsx bench/alert-matching.ts --database-url postgres://postgres@127.0.0.1:5432/fragtbud_bench
 *   npx tsx bench/alert-matching.ts --alerts 20000 --rounds 500
 *
 * Prints p50, p95 and max of one match (milliseconds) and how many carriers a task matched on average.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { regions, taskTypes, type Region, type TaskType } from '@fragtbud/contracts';
import { createDatabase, migrate } from '@fragtbud/platform';
import { createAlertIndex, tasksService } from '@fragtbud/embedded/bench-kit';

const { values } = parseArgs({
  options: {
    alerts: { type: 'string', default: '10000' },
    carriers: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '300' },
    'database-url': { type: 'string' },
    schema: { type: 'string', default: 'alerts_bench' },
  },
});
const alertCount = Number(values.alerts);
const carrierCount = Number(values.carriers);
const rounds = Number(values.rounds);

/** A small deterministic generator, so runs compare. */
let state = 29;
const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const some = <T>(list: readonly T[], chance: number): T[] => list.filter(() => random() < chance);

const database = await createDatabase({ schema: values.schema, ...(values['database-url'] ? { url: values['database-url'] } : { pgliteDir: 'memory' }) });
try {
  await migrate(database, tasksService.migrations ?? []);
  const knex = database.knex;
  await knex.raw('truncate table alerts, alert_matches, carrier_profiles');
  const now = new Date();
  const rows = Array.from({ length: alertCount }, (_, i) => ({
    carrier_id: 1 + (i % carrierCount),
    name: `Alarm ${i}`,
    // Most carriers name one or two pickup regions; some take the whole country; few name a delivery region.
    from_regions: random() < 0.15 ? [] : some(regions, 0.3).slice(0, 2),
    to_regions: random() < 0.7 ? [] : some(regions, 0.3),
    types: random() < 0.4 ? [] : some(taskTypes, 0.35),
    pickup_from: random() < 0.2 ? '2099-01-01' : null,
    pickup_to: random() < 0.2 ? '2099-12-31' : null,
    email: pick(['instant', 'daily', 'off'] as const),
    paused: random() < 0.1,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 1000) await knex('alerts').insert(rows.slice(i, i + 1000));
  const profiles = Array.from({ length: carrierCount }, (_, i) => ({ user_id: i + 1, listed: random() > 0.05, member_since: now, updated_at: now }));
  for (let i = 0; i < profiles.length; i += 1000) await knex('carrier_profiles').insert(profiles.slice(i, i + 1000));
  await knex.raw('analyze alerts');
  await knex.raw('analyze carrier_profiles');

  const task = (n: number) => ({
    taskId: 1_000_000 + n,
    type: pick(taskTypes) as TaskType,
    fromRegion: pick(regions) as Region,
    toRegion: pick(regions) as Region,
    pickupDate: random() < 0.3 ? null : '2099-06-15',
  });
  const index = createAlertIndex();
  const loadStarted = process.hrtime.bigint();
  await index.match(knex, task(0)); // the first match loads the alerts into memory
  const loadMs = Number(process.hrtime.bigint() - loadStarted) / 1e6;
  for (let i = 1; i < 20; i += 1) await index.match(knex, task(i)); // warm-up
  const times: number[] = [];
  let matched = 0;
  for (let i = 0; i < rounds; i += 1) {
    const facts = task(100 + i);
    const started = process.hrtime.bigint();
    const matches = await index.match(knex, facts);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    matched += matches.length;
  }
  // The parts: the pass over the task's bucket alone (in memory), and a bare round trip to the database.
  const passTimes: number[] = [];
  const tripTimes: number[] = [];
  const excluded = new Set<number>(profiles.filter((profile) => !profile.listed).map((profile) => profile.user_id));
  for (let i = 0; i < rounds; i += 1) {
    const facts = task(100 + i);
    let started = process.hrtime.bigint();
    index.matchLoaded(facts, excluded);
    passTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
    started = process.hrtime.bigint();
    await knex.raw('select 1');
    tripTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  for (const list of [times, passTimes, tripTimes]) list.sort((a, b) => a - b);
  const quantile = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))]?.toFixed(2);
  const at = (q: number) => quantile(times, q);
  process.stdout.write(
    `alert matching on ${database.kind}: ${alertCount} alerts of ${carrierCount} carriers, ${rounds} tasks — ` +
      `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${times.at(-1)?.toFixed(2)} ms; ${Math.round(matched / rounds)} carriers matched per task on average; ` +
      `first match (loads the alerts into memory) ${loadMs.toFixed(1)} ms; ` +
      `parts: the bucket pass p50 ${quantile(passTimes, 0.5)} ms / p95 ${quantile(passTimes, 0.95)} ms, a bare 'select 1' round trip p50 ${quantile(tripTimes, 0.5)} ms / p95 ${quantile(tripTimes, 0.95)} ms; ` +
      `load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}\n`,
  );
} finally {
  await database.close();
}

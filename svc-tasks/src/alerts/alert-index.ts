import { regions, taskTypes, type AlertEmailMode } from '@fragtbud/contracts';
import type { Db } from '../context';
import type { AlertRow } from './repo';

type AlertColumns = Pick<AlertRow, 'id' | 'carrier_id' | 'name' | 'from_regions' | 'to_regions' | 'types' | 'pickup_from' | 'pickup_to' | 'email'>;

/** An alert as the matcher holds it: each list as a bit mask (0: any), so a match is three ANDs and two comparisons. */
interface ActiveAlert {
  id: number;
  carrier_id: number;
  name: string;
  email: AlertEmailMode;
  fromMask: number;
  toMask: number;
  typeMask: number;
  pickupFrom: string | null;
  pickupTo: string | null;
}

const regionBits = new Map<string, number>(regions.map((region, i) => [region, 1 << i]));
const typeBits = new Map<string, number>(taskTypes.map((type, i) => [type, 1 << i]));
const maskOf = (values: readonly string[], bits: Map<string, number>) => values.reduce((mask, value) => mask | (bits.get(value) ?? 0), 0);

function compiled(row: AlertColumns): ActiveAlert {
  return {
    id: row.id,
    carrier_id: row.carrier_id,
    name: row.name,
    email: row.email,
    fromMask: maskOf(row.from_regions, regionBits),
    toMask: maskOf(row.to_regions, regionBits),
    typeMask: maskOf(row.types, typeBits),
    pickupFrom: row.pickup_from,
    pickupTo: row.pickup_to,
  };
}

/**
 * `alertMatchesTask` of libs/contracts on the compiled form (alert-index.test.ts holds them to the same answers): an
 * empty list is any; a task without a pickup date matches any window.
 */
function matches(alert: ActiveAlert, task: { fromBit: number; toBit: number; typeBit: number; pickupDate: string | null }): boolean {
  if (alert.typeMask !== 0 && (alert.typeMask & task.typeBit) === 0) return false;
  if (alert.fromMask !== 0 && (alert.fromMask & task.fromBit) === 0) return false;
  if (alert.toMask !== 0 && (alert.toMask & task.toBit) === 0) return false;
  if (task.pickupDate === null) return true;
  return (alert.pickupFrom === null || task.pickupDate >= alert.pickupFrom) && (alert.pickupTo === null || task.pickupDate <= alert.pickupTo);
}

export interface TaskMatchFacts {
  taskId: number;
  type: string;
  fromRegion: string | null;
  toRegion: string | null;
  /** yyyy-mm-dd or null (flexible: any window matches). */
  pickupDate: string | null;
}

export interface AlertMatch {
  alert_id: number;
  carrier_id: number;
  name: string;
  email: AlertEmailMode;
}

const emailRank: Record<AlertEmailMode, number> = { instant: 0, daily: 1, off: 2 };

/** Every alert write bumps the version in its transaction (the replicas' copies see it). */
export async function bumpAlertsVersion(trx: Db): Promise<void> {
  await trx('alerts_version').where({ id: 1 }).increment('version', 1);
}

/**
 * The active (unpaused) alerts, kept in memory per service instance and reloaded when `alerts_version` moved — so
 * matching a task reads one row and the task's few bidders instead of every alert. 10 000 alerts are ~2 MB.
 */
export { compiled as compileAlert, matches as compiledAlertMatches };

/** Bucket slots: one per region plus "no region" (a task without a pickup region), one per type plus "unknown type". */
const fromSlots = regions.length + 1;
const typeSlots = taskTypes.length + 1;
const slotsOf = (mask: number, count: number): number[] =>
  mask === 0 ? Array.from({ length: count + 1 }, (_, i) => i) : Array.from({ length: count }, (_, i) => i).filter((i) => (mask & (1 << i)) !== 0);

/**
 * The alerts by (pickup region, task type): each bucket holds exactly the alerts whose pickup regions and types let a
 * task of that region and type through (an alert naming no region or type is in every bucket of that axis), ordered
 * by carrier, then the alert that mails soonest (instant, daily, off), then id. A task then looks at one bucket, and
 * the first alert of a carrier that passes the rest (delivery region, pickup window) is the carrier's alert.
 */
export interface AlertBuckets {
  buckets: ActiveAlert[][];
  size: number;
}

export function bucketAlerts(alerts: readonly ActiveAlert[]): AlertBuckets {
  const ordered = [...alerts].sort((a, b) => a.carrier_id - b.carrier_id || emailRank[a.email] - emailRank[b.email] || a.id - b.id);
  const buckets: ActiveAlert[][] = Array.from({ length: fromSlots * typeSlots }, () => []);
  for (const alert of ordered) {
    for (const from of slotsOf(alert.fromMask, regions.length)) {
      for (const type of slotsOf(alert.typeMask, taskTypes.length)) buckets[from * typeSlots + type]?.push(alert);
    }
  }
  return { buckets, size: ordered.length };
}

const slotOf = <T extends string>(list: readonly T[], value: string | null): number => {
  const i = value === null ? -1 : list.indexOf(value as T);
  return i === -1 ? list.length : i;
};

/**
 * Per carrier (ascending), the alert of theirs that matches the task and mails soonest, leaving out `excluded`
 * carriers: one bucket's alerts, each tested on delivery region and pickup window only.
 */
export function matchBuckets(index: AlertBuckets, task: Omit<TaskMatchFacts, 'taskId'>, excluded: ReadonlySet<number>): ActiveAlert[] {
  const bucket = index.buckets[slotOf(regions, task.fromRegion) * typeSlots + slotOf(taskTypes, task.type)] ?? [];
  const toBit = (task.toRegion && regionBits.get(task.toRegion)) || 0;
  const pickupDate = task.pickupDate;
  const found: ActiveAlert[] = [];
  let lastCarrier = -1;
  for (const alert of bucket) {
    if (alert.carrier_id === lastCarrier) continue;
    if (alert.toMask !== 0 && (alert.toMask & toBit) === 0) continue;
    if (pickupDate !== null && ((alert.pickupFrom !== null && pickupDate < alert.pickupFrom) || (alert.pickupTo !== null && pickupDate > alert.pickupTo))) continue;
    lastCarrier = alert.carrier_id;
    if (!excluded.has(alert.carrier_id)) found.push(alert);
  }
  return found;
}

export function createAlertIndex() {
  let version: string | null = null;
  let index: AlertBuckets = bucketAlerts([]);

  async function current(db: Db, seenVersion: number | string): Promise<AlertBuckets> {
    const seen = String(seenVersion);
    if (seen !== version) {
      const rows = (await db('alerts')
        .where({ paused: false })
        .select(
          'id',
          'carrier_id',
          'name',
          'from_regions',
          'to_regions',
          'types',
          'email',
          db.raw(`to_char(pickup_from, 'YYYY-MM-DD') as pickup_from`),
          db.raw(`to_char(pickup_to, 'YYYY-MM-DD') as pickup_to`),
        )) as AlertColumns[];
      index = bucketAlerts(rows.map(compiled));
      version = seen;
    }
    return index;
  }

  /**
   * Per carrier, the one alert of theirs that matches the task and mails soonest (instant, daily, off), leaving out
   * carriers identity lists as not approved or blocked, carriers who bid on the task and carriers already told of it.
   * The rule is `alertMatchesTask` of libs/contracts; only the alerts of the task's pickup region and type are looked at.
   */
  async function match(db: Db, task: TaskMatchFacts): Promise<AlertMatch[]> {
    // One round trip: the version, and who may not be told (bid on it, told already, not approved or blocked).
    const { rows } = (await db.raw(
      `select (select version from alerts_version where id = 1) as version,
              array(select carrier_id from task_bidders where task_id = ?
                    union all select carrier_id from alert_matches where task_id = ?
                    union all select user_id from carrier_profiles where listed = false) as excluded`,
      [task.taskId, task.taskId],
    )) as { rows: Array<{ version: number | string; excluded: number[] }> };
    const active = await current(db, rows[0]?.version ?? 0);
    const excluded = new Set<number>(rows[0]?.excluded ?? []);
    return matchBuckets(active, task, excluded).map((alert) => ({ alert_id: alert.id, carrier_id: alert.carrier_id, name: alert.name, email: alert.email }));
  }

  /** The in-memory part alone, on the alerts as last loaded (the bench times it apart from the round trip). */
  const matchLoaded = (task: Omit<TaskMatchFacts, 'taskId'>, excluded: ReadonlySet<number>) => matchBuckets(index, task, excluded).length;

  return { match, matchLoaded };
}

export type AlertIndex = ReturnType<typeof createAlertIndex>;

const indexes = new WeakMap<object, AlertIndex>();

/** One index per running service (keyed by its knex), shared by its routes and consumers. */
export function alertIndexOf(db: object): AlertIndex {
  let index = indexes.get(db);
  if (!index) indexes.set(db, (index = createAlertIndex()));
  return index;
}

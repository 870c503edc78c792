import type { AlertEmailMode, Region, TaskType } from '@fragtbud/contracts';
import type { Db } from '../context';

export interface AlertRow {
  id: number;
  carrier_id: number;
  name: string;
  from_regions: Region[];
  to_regions: Region[];
  types: TaskType[];
  /** yyyy-mm-dd or null. */
  pickup_from: string | null;
  pickup_to: string | null;
  email: AlertEmailMode;
  paused: boolean;
  created_at: Date;
}

export type AlertFields = Pick<AlertRow, 'name' | 'from_regions' | 'to_regions' | 'types' | 'pickup_from' | 'pickup_to' | 'email' | 'paused'>;

const columns = [
  'id',
  'carrier_id',
  'name',
  'from_regions',
  'to_regions',
  'types',
  'email',
  'paused',
  'created_at',
] as const;

const selectAlert = (db: Db) => [
  ...columns,
  db.raw(`to_char(pickup_from, 'YYYY-MM-DD') as pickup_from`),
  db.raw(`to_char(pickup_to, 'YYYY-MM-DD') as pickup_to`),
];

export async function listAlertsOf(db: Db, carrierId: number): Promise<AlertRow[]> {
  return (await db('alerts').where({ carrier_id: carrierId }).orderBy('id').select(selectAlert(db))) as AlertRow[];
}

export async function findAlert(db: Db, id: number): Promise<AlertRow | undefined> {
  return (await db('alerts').where({ id }).first(selectAlert(db))) as AlertRow | undefined;
}

/** Serialises a carrier's alert writes (the count checked against the maximum stays true until commit). */
export async function lockAlertsOf(trx: Db, carrierId: number): Promise<number> {
  await trx.raw('select pg_advisory_xact_lock(29, ?)', [carrierId]);
  const row = (await trx('alerts').where({ carrier_id: carrierId }).count({ count: '*' }).first()) as { count: number | string };
  return Number(row.count);
}

/** The row just written, read back inside the same transaction (it is there). */
async function written(trx: Db, id: number): Promise<AlertRow> {
  const row = await findAlert(trx, id);
  if (!row) throw new Error(`alert ${id} vanished inside its transaction`);
  return row;
}

export async function insertAlert(trx: Db, carrierId: number, fields: AlertFields, now: Date): Promise<AlertRow> {
  const [row] = (await trx('alerts')
    .insert({ carrier_id: carrierId, ...fields, created_at: now, updated_at: now })
    .returning('id')) as Array<{ id: number }>;
  return written(trx, Number(row?.id));
}

export async function updateAlert(trx: Db, id: number, fields: Partial<AlertFields>, now: Date): Promise<AlertRow> {
  await trx('alerts').where({ id }).update({ ...fields, updated_at: now });
  return written(trx, id);
}

export async function deleteAlert(trx: Db, id: number): Promise<void> {
  await trx('alerts').where({ id }).delete();
}

/** Turns the e-mail of one alert, or all of a carrier's alerts, off (the mails' unsubscribe link). Returns how many. */
export async function turnAlertMailOff(db: Db, scope: { alertId: number } | { carrierId: number }, now: Date): Promise<number> {
  const where = 'alertId' in scope ? { id: scope.alertId } : { carrier_id: scope.carrierId };
  return db('alerts').where(where).update({ email: 'off', updated_at: now });
}

export async function deleteAlertsOf(trx: Db, carrierId: number): Promise<void> {
  await trx('alerts').where({ carrier_id: carrierId }).delete();
  await trx('alert_matches').where({ carrier_id: carrierId }).delete();
}

export interface TaskMatchFacts {
  taskId: number;
  type: TaskType;
  fromRegion: Region | null;
  toRegion: Region | null;
  /** yyyy-mm-dd or null (flexible: any window matches). */
  pickupDate: string | null;
}

export interface AlertMatch {
  alert_id: number;
  carrier_id: number;
  name: string;
  email: AlertEmailMode;
}

/**
 * Per carrier, the one alert of theirs that matches the task and mails soonest (instant, daily, off), leaving out
 * paused alerts, carriers identity lists as not approved or blocked, carriers who bid on the task and carriers
 * already told of it. The same rule as `alertMatchesTask` in libs/contracts; one query, whatever the alert count.
 */
export async function matchingAlerts(db: Db, task: TaskMatchFacts): Promise<AlertMatch[]> {
  const { rows } = (await db.raw(
    `select distinct on (a.carrier_id) a.id as alert_id, a.carrier_id, a.name, a.email
       from alerts a
       left join carrier_profiles p on p.user_id = a.carrier_id
      where not a.paused
        and (cardinality(a.types) = 0 or ?::text = any(a.types))
        and (cardinality(a.from_regions) = 0 or ?::text = any(a.from_regions))
        and (cardinality(a.to_regions) = 0 or ?::text = any(a.to_regions))
        and (?::date is null or ((a.pickup_from is null or a.pickup_from <= ?::date) and (a.pickup_to is null or a.pickup_to >= ?::date)))
        and p.listed is not false
        and not exists (select 1 from task_bidders b where b.task_id = ? and b.carrier_id = a.carrier_id)
        and not exists (select 1 from alert_matches m where m.task_id = ? and m.carrier_id = a.carrier_id)
      order by a.carrier_id, case a.email when 'instant' then 0 when 'daily' then 1 else 2 end, a.id`,
    [task.type, task.fromRegion, task.toRegion, task.pickupDate, task.pickupDate, task.pickupDate, task.taskId, task.taskId],
  )) as { rows: AlertMatch[] };
  return rows;
}

/** Records that the carriers were told of the task; returns the matches not recorded before (a race: told once). */
export async function recordMatches(trx: Db, taskId: number, matches: readonly AlertMatch[], now: Date): Promise<AlertMatch[]> {
  if (matches.length === 0) return [];
  const inserted = (await trx('alert_matches')
    .insert(matches.map((match) => ({ task_id: taskId, carrier_id: match.carrier_id, alert_id: match.alert_id, created_at: now })))
    .onConflict(['task_id', 'carrier_id'])
    .ignore()
    .returning('carrier_id')) as Array<{ carrier_id: number }>;
  const fresh = new Set(inserted.map((row) => row.carrier_id));
  return matches.filter((match) => fresh.has(match.carrier_id));
}

import type { AlertEmailMode, Region, TaskType } from '@fragtbud/contracts';
import type { Db } from '../context';
import { bumpAlertsVersion, type AlertMatch } from './alert-index';

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
  await bumpAlertsVersion(trx);
  return written(trx, Number(row?.id));
}

export async function updateAlert(trx: Db, id: number, fields: Partial<AlertFields>, now: Date): Promise<AlertRow> {
  await trx('alerts').where({ id }).update({ ...fields, updated_at: now });
  await bumpAlertsVersion(trx);
  return written(trx, id);
}

export async function deleteAlert(trx: Db, id: number): Promise<void> {
  await trx('alerts').where({ id }).delete();
  await bumpAlertsVersion(trx);
}

/** Turns the e-mail of one alert, or all of a carrier's alerts, off (the mails' unsubscribe link). Returns how many. */
export async function turnAlertMailOff(trx: Db, scope: { alertId: number } | { carrierId: number }, now: Date): Promise<number> {
  const where = 'alertId' in scope ? { id: scope.alertId } : { carrier_id: scope.carrierId };
  const changed = await trx('alerts').where(where).update({ email: 'off', updated_at: now });
  await bumpAlertsVersion(trx);
  return changed;
}

export async function deleteAlertsOf(trx: Db, carrierId: number): Promise<void> {
  await trx('alerts').where({ carrier_id: carrierId }).delete();
  await trx('alert_matches').where({ carrier_id: carrierId }).delete();
  await bumpAlertsVersion(trx);
}

export type { AlertMatch, TaskMatchFacts } from './alert-index';

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

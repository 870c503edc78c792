import type { Region, Vehicle } from '@fragtbud/contracts';
import type { Db } from '../context';
import { deletedUserName } from '../user-directory';

export interface CarrierRow {
  user_id: number;
  name: string;
  company: string | null;
  cvr_number: string | null;
  cvr_verified: boolean | null;
  /** yyyy-mm-dd or null. */
  insured_until: string | null;
  member_since: Date | null;
  /** Approved and not blocked; null when no event has said (shown). */
  listed: boolean | null;
  /** Null when the carrier has no profile row yet. */
  vehicles: Vehicle[] | string | null;
  coverage_regions: Region[] | null;
}

export interface ReviewRow {
  id: number;
  carrier_id: number;
  rating: number;
  comment: string | null;
  rater_first_name: string | null;
  task_type: string;
  created_at: Date;
}

/** Carriers the user directory knows (deleted accounts left out), with what identity told of their profile. */
export async function findCarriers(db: Db, ids: readonly number[]): Promise<CarrierRow[]> {
  if (ids.length === 0) return [];
  return (await db('user_directory as d')
    .leftJoin('carrier_profiles as p', 'p.user_id', 'd.user_id')
    .whereIn('d.user_id', ids)
    .andWhere((w) => w.where('d.role', 'carrier').orWhereNotNull('p.user_id'))
    .andWhereNot('d.name', deletedUserName)
    .select(
      'd.user_id',
      'd.name',
      'd.company',
      'p.cvr_number',
      'p.cvr_verified',
      db.raw(`to_char(p.insured_until, 'YYYY-MM-DD') as insured_until`),
      'p.member_since',
      'p.listed',
      'p.vehicles',
      'p.coverage_regions',
    )) as CarrierRow[];
}

/** Per carrier: how many customers rated them and the average score (one query for a whole bid table). */
export async function ratingTotals(db: Db, ids: readonly number[]): Promise<Map<number, { count: number; avg: number }>> {
  if (ids.length === 0) return new Map();
  const rows = (await db('ratings')
    .whereIn('carrier_id', ids)
    .andWhere({ user_type: 'customer' })
    .groupBy('carrier_id')
    .select('carrier_id', db.raw('count(*) as count'), db.raw('avg(rating)::float8 as avg'))) as Array<{
    carrier_id: number;
    count: number | string;
    avg: number | string | null;
  }>;
  return new Map(rows.map((r) => [r.carrier_id, { count: Number(r.count), avg: Number(r.avg ?? 0) }]));
}

/** Per carrier: tasks they carried to completion. */
export async function completedTaskCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = (await db('tasks')
    .whereIn('assigned_carrier_id', ids)
    .andWhere({ status: 'completed' })
    .groupBy('assigned_carrier_id')
    .select('assigned_carrier_id', db.raw('count(*) as count'))) as Array<{ assigned_carrier_id: number; count: number | string }>;
  return new Map(rows.map((r) => [r.assigned_carrier_id, Number(r.count)]));
}

/** A carrier's newest reviews by customers. */
export async function latestReviews(db: Db, carrierId: number, limit: number): Promise<ReviewRow[]> {
  return (await db('ratings')
    .where({ carrier_id: carrierId, user_type: 'customer' })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('id', 'carrier_id', 'rating', 'comment', 'rater_first_name', 'task_type', 'created_at')) as ReviewRow[];
}

export interface FieldProfileRow {
  vehicles: Vehicle[] | string;
  coverage_regions: Region[];
}

export async function findFieldProfile(db: Db, carrierId: number): Promise<FieldProfileRow | undefined> {
  return (await db('carrier_profiles').where({ user_id: carrierId }).first('vehicles', 'coverage_regions')) as FieldProfileRow | undefined;
}

/**
 * The carrier's vehicles and regions. A new row starts with `updated_at` at the epoch: identity's events decide the
 * rest of the row by their time, and the first one must still apply.
 */
export async function saveFieldProfile(db: Db, carrierId: number, vehicles: Vehicle[], coverageRegions: Region[]): Promise<void> {
  const changes = { vehicles: JSON.stringify(vehicles), coverage_regions: coverageRegions };
  await db('carrier_profiles')
    .insert({ user_id: carrierId, ...changes, updated_at: new Date(0) })
    .onConflict('user_id')
    .merge(changes);
}

export async function countAlertsOf(db: Db, carrierId: number): Promise<number> {
  const row = (await db('alerts').where({ carrier_id: carrierId }).count({ count: '*' }).first()) as { count: number | string };
  return Number(row.count);
}

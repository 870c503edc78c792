import type { Knex } from 'knex';
import type { TaskStatus, TaskType } from '@fragtbud/contracts';
import type { Db } from '../context';

export interface TaskRow {
  id: number;
  user_id: number | null;
  is_guest: boolean;
  is_test: boolean;
  type: TaskType;
  status: TaskStatus;
  from_address: string;
  to_address: string;
  from_postal_code: string | null;
  from_city: string | null;
  to_postal_code: string | null;
  to_city: string | null;
  description: string;
  details: Record<string, unknown>;
  /** 'yyyy-mm-dd' (selected as text: a DATE never passes through a time zone). */
  preferred_pickup_date: string | null;
  preferred_delivery_date: string | null;
  time_frame_start: string | null;
  time_frame_end: string | null;
  is_flexible: boolean;
  contact_email: string | null;
  contact_phone: string | null;
  assigned_carrier_id: number | null;
  lowest_bid_ore: number | null;
  bid_count: number;
  max_bids: number | null;
  images: string[];
  pickup_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type NewTask = Omit<
  TaskRow,
  'id' | 'is_test' | 'assigned_carrier_id' | 'lowest_bid_ore' | 'bid_count' | 'max_bids' | 'pickup_at' | 'delivered_at' | 'created_at' | 'updated_at'
>;

export type TaskPatch = Partial<
  Omit<TaskRow, 'id' | 'user_id' | 'is_guest' | 'is_test' | 'lowest_bid_ore' | 'bid_count' | 'created_at' | 'updated_at'>
>;

const plainColumns = [
  'id',
  'user_id',
  'is_guest',
  'is_test',
  'type',
  'status',
  'from_address',
  'to_address',
  'from_postal_code',
  'from_city',
  'to_postal_code',
  'to_city',
  'description',
  'details',
  'time_frame_start',
  'time_frame_end',
  'is_flexible',
  'contact_email',
  'contact_phone',
  'assigned_carrier_id',
  'lowest_bid_ore',
  'bid_count',
  'max_bids',
  'images',
  'pickup_at',
  'delivered_at',
  'created_at',
  'updated_at',
].map((column) => `tasks.${column}`);

function taskColumns(db: Db): (string | Knex.Raw)[] {
  return [
    ...plainColumns,
    db.raw(`to_char(tasks.preferred_pickup_date, 'YYYY-MM-DD') as preferred_pickup_date`),
    db.raw(`to_char(tasks.preferred_delivery_date, 'YYYY-MM-DD') as preferred_delivery_date`),
  ];
}

/** jsonb columns go in as JSON text (pg would send a JS array as a Postgres array). */
function toDbValues(values: Partial<TaskRow>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  if (values.details !== undefined) out.details = JSON.stringify(values.details);
  if (values.images !== undefined) out.images = JSON.stringify(values.images);
  return out;
}

export async function insertTask(db: Db, task: NewTask, now: Date): Promise<TaskRow> {
  const [inserted] = (await db('tasks')
    .insert({ ...toDbValues(task), created_at: now, updated_at: now })
    .returning('id')) as { id: number }[];
  return mustFind(db, inserted?.id);
}

async function mustFind(db: Db, id: number | undefined): Promise<TaskRow> {
  const row = id === undefined ? undefined : await findTaskById(db, id);
  if (!row) throw new Error(`task ${id} vanished inside its own transaction`);
  return row;
}

export async function findTaskById(db: Db, id: number): Promise<TaskRow | undefined> {
  return db('tasks').select(taskColumns(db)).where('tasks.id', id).first();
}

/** Same as findTaskById, holding the row until the transaction ends. */
export async function lockTaskById(db: Db, id: number): Promise<TaskRow | undefined> {
  return db('tasks').select(taskColumns(db)).where('tasks.id', id).forUpdate().first();
}

export async function updateTask(db: Db, id: number, patch: TaskPatch, now: Date): Promise<TaskRow> {
  await db('tasks')
    .where({ id })
    .update({ ...toDbValues(patch), updated_at: now });
  return mustFind(db, id);
}

export async function deleteTask(db: Db, id: number): Promise<boolean> {
  return (await db('tasks').where({ id }).delete()) > 0;
}

export async function countTasksWithStatus(db: Db, status: TaskStatus): Promise<number> {
  const row = (await db('tasks').where({ status }).count({ count: '*' }).first()) as { count: number | string } | undefined;
  return Number(row?.count ?? 0);
}

// ---- browse ----

export interface TaskListFilter {
  statuses?: readonly TaskStatus[];
  excludeStatuses?: readonly TaskStatus[];
  type?: TaskType;
  flexible?: boolean;
  /** created_at >= from and < before */
  createdFrom?: Date;
  createdBefore?: Date;
  minLowestBidOre?: number;
  maxLowestBidOre?: number;
  ownerId?: number;
  /** A carrier's own tasks: assigned to them or bid on by them. */
  involvedCarrierId?: number;
  /** Open for bids and under the bid limit; with a carrier id also without a bid of theirs. */
  available?: { carrierId: number | null; defaultMaxBids: number };
  /** Tasks awaiting admin review stay hidden except to admins and their owner (null: anonymous). */
  hidePendingReviewExceptOwner?: number | null;
  search?: { column: 'search_public' | 'search_full'; tsquery: string | null; id: number | null };
}

function applyFilter(query: Knex.QueryBuilder, db: Db, filter: TaskListFilter): Knex.QueryBuilder {
  if (filter.statuses) query.whereIn('tasks.status', filter.statuses);
  if (filter.excludeStatuses) query.whereNotIn('tasks.status', filter.excludeStatuses);
  if (filter.type) query.where('tasks.type', filter.type);
  if (filter.flexible !== undefined) query.where('tasks.is_flexible', filter.flexible);
  if (filter.createdFrom) query.where('tasks.created_at', '>=', filter.createdFrom);
  if (filter.createdBefore) query.where('tasks.created_at', '<', filter.createdBefore);
  if (filter.minLowestBidOre !== undefined) query.where('tasks.lowest_bid_ore', '>=', filter.minLowestBidOre);
  if (filter.maxLowestBidOre !== undefined) query.where('tasks.lowest_bid_ore', '<=', filter.maxLowestBidOre);
  if (filter.ownerId !== undefined) query.where('tasks.user_id', filter.ownerId);
  if (filter.involvedCarrierId !== undefined) {
    const carrierId = filter.involvedCarrierId;
    query.where((q) =>
      q
        .where('tasks.assigned_carrier_id', carrierId)
        .orWhereExists(db('task_bidders').select(db.raw('1')).whereRaw('task_bidders.task_id = tasks.id').andWhere('task_bidders.carrier_id', carrierId)),
    );
  }
  if (filter.available) {
    const { carrierId, defaultMaxBids } = filter.available;
    query.where('tasks.status', 'open_for_bids').whereRaw('tasks.bid_count < coalesce(tasks.max_bids, tasks.bid_limit, ?)', [defaultMaxBids]);
    if (carrierId !== null) {
      query.whereNotExists(
        db('task_bidders').select(db.raw('1')).whereRaw('task_bidders.task_id = tasks.id').andWhere('task_bidders.carrier_id', carrierId),
      );
    }
  }
  if (filter.hidePendingReviewExceptOwner !== undefined) {
    const ownerId = filter.hidePendingReviewExceptOwner;
    query.where((q) => {
      q.whereNot('tasks.status', 'pending_admin_review');
      if (ownerId !== null) q.orWhere('tasks.user_id', ownerId);
    });
  }
  if (filter.search) {
    const { column, tsquery, id } = filter.search;
    query.where((q) => {
      if (tsquery) q.whereRaw(`tasks.${column} @@ to_tsquery('danish'::regconfig, ?)`, [tsquery]);
      if (id !== null) q.orWhere('tasks.id', id);
      if (!tsquery && id === null) q.whereRaw('false');
    });
  }
  return query;
}

const newestFirst = (table: string) => [
  { column: `${table}.created_at`, order: 'desc' as const },
  { column: `${table}.id`, order: 'desc' as const },
];

/**
 * One page, newest first. Without search the (status, type, created_at) / created_at indexes give the page in order.
 * With search the matches come from the GIN index first (materialised), then the page is cut from them: walking
 * created_at and testing each row would read the whole table for a rare word, and the count needs every match anyway.
 */
function pageQuery(db: Db, filter: TaskListFilter, page: { offset: number; limit: number }): Knex.QueryBuilder {
  const filtered = applyFilter(db('tasks').select(taskColumns(db)), db, filter);
  const query = filter.search
    ? db.withMaterialized('matches', filtered).select('*').from('matches').orderBy(newestFirst('matches'))
    : filtered.orderBy(newestFirst('tasks'));
  return query.offset(page.offset).limit(page.limit);
}

export async function listTasks(
  db: Db,
  filter: TaskListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: TaskRow[]; total: number }> {
  const rows = (await pageQuery(db, filter, page)) as TaskRow[];
  const counted = (await applyFilter(db('tasks'), db, filter).count({ count: '*' }).first()) as { count: number | string } | undefined;
  return { rows, total: Number(counted?.count ?? 0) };
}

/** The page query without running it, for EXPLAIN in tests. */
export function listTasksSql(db: Db, filter: TaskListFilter, page: { offset: number; limit: number }): Knex.Sql {
  return pageQuery(db, filter, page).toSQL();
}

// ---- bids projection ----


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
  /** When the accepted bid was paid; null while unpaid. */
  paid_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type NewTask = Omit<
  TaskRow,
  'id' | 'is_test' | 'assigned_carrier_id' | 'lowest_bid_ore' | 'bid_count' | 'max_bids' | 'pickup_at' | 'delivered_at' | 'paid_at' | 'created_at' | 'updated_at'
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
  'paid_at',
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

/** A task as a whole, with the columns the service fills in later (bids, assignment, times): for seeding. */
export type SeedTaskRow = NewTask & Pick<TaskRow, 'status' | 'assigned_carrier_id' | 'lowest_bid_ore' | 'bid_count' | 'created_at' | 'updated_at'>;

export async function insertTaskRows(db: Db, rows: readonly SeedTaskRow[]): Promise<void> {
  if (rows.length > 0) await db('tasks').insert(rows.map(toDbValues));
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
  /** With a price filter: only tasks whose lowest bid this customer (null: a visitor) is shown (open for bids, or their own). */
  priceVisibleTo?: number | null;
  ownerId?: number;
  /** A carrier's own tasks: assigned to them, or bid on by them while still open for bids (not lost to another). */
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
  if (filter.priceVisibleTo !== undefined) {
    const customerId = filter.priceVisibleTo;
    if (customerId === null) query.where('tasks.status', 'open_for_bids');
    else query.where((q) => q.where('tasks.status', 'open_for_bids').orWhere('tasks.user_id', customerId));
  }
  if (filter.ownerId !== undefined) query.where('tasks.user_id', filter.ownerId);
  if (filter.involvedCarrierId !== undefined) {
    const carrierId = filter.involvedCarrierId;
    // Assigned to them, or bid on while the choice is still open: a task another carrier won is not theirs.
    query.where((q) =>
      q.where('tasks.assigned_carrier_id', carrierId).orWhere((open) =>
        open
          .whereNull('tasks.assigned_carrier_id')
          .where('tasks.status', 'open_for_bids')
          .whereExists(db('task_bidders').select(db.raw('1')).whereRaw('task_bidders.task_id = tasks.id').andWhere('task_bidders.carrier_id', carrierId)),
      ),
    );
  }
  if (filter.available) {
    const { carrierId, defaultMaxBids } = filter.available;
    // The limit in force now, as svc-bids applies it (maxBidsInForce): the task's own, else its type's as the admin
    // has it now (also for a task created before that limit), else the platform's as svc-ledger's settings say now
    // (ledger.settings.updated; before the first of those, as the last bid announced it).
    query
      .where('tasks.status', 'open_for_bids')
      .whereRaw(
        `tasks.bid_count < coalesce(tasks.max_bids, (select s.max_bids from task_type_settings s where s.type = tasks.type),
           (select p.max_bids from platform_bid_limit p where p.id = 1), tasks.bid_limit, ?)`,
        [defaultMaxBids],
      );
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

const newestFirst = [
  { column: 'tasks.created_at', order: 'desc' as const },
  { column: 'tasks.id', order: 'desc' as const },
];

/** Where a page starts: skip `offset` rows, or (keyset) continue after the row `after` names. */
export interface TaskPageRequest {
  offset: number;
  limit: number;
  after?: TaskPageKey;
}

/** created_at in epoch microseconds (as text: PostgreSQL keeps microseconds, a JS Date only milliseconds) and id. */
export interface TaskPageKey {
  createdAtMicros: string;
  id: number;
}

/** Counting stops here: a broad filter's exact count costs more than its page (the total is then "at least"). */
export const totalCountCap = 1000;
/** A search estimated at this many times the cap is taken to match more than the cap without counting. */
const surelyMoreThanCap = 4;

const pageKeyColumn = (db: Db) => db.raw(`floor(extract(epoch from tasks.created_at) * 1000000)::bigint::text as page_key`);

/**
 * How a search page is read. Walking the created_at index and testing each row is best for a frequent word (20 hits
 * come quickly) and terrible for a rare one (the whole table is read to find nothing). The planner judges that from
 * a row estimate that cannot tell a rare word from an unknown one, so the choice is made here from the GIN estimate:
 * fewer matches than √((rows before + page) × table rows) — where both ways read about as many rows — are looked up
 * in the GIN index first behind a MATERIALIZED fence (then sorted); more are found by walking.
 */
export interface BrowsePlan {
  matchesFirst: boolean;
  /** The planner's estimate of the matches (searches only). */
  estimatedMatches?: number;
}

export async function browsePlanOf(db: Db, filter: TaskListFilter, page: TaskPageRequest): Promise<BrowsePlan> {
  if (!filter.search) return { matchesFirst: false };
  const matches = await estimatedRows(db, applyFilter(db('tasks').select(db.raw('1')), db, filter).toSQL());
  const table = (await db.raw(`select greatest(reltuples, 0)::bigint as rows from pg_class where oid = 'tasks'::regclass`)) as { rows: { rows: number | string }[] };
  const tableRows = Number(table.rows[0]?.rows ?? 0);
  return { matchesFirst: matches < Math.sqrt((page.offset + page.limit) * Math.max(tableRows, 1)), estimatedMatches: matches };
}

async function estimatedRows(db: Db, { sql, bindings }: Knex.Sql): Promise<number> {
  const result = (await db.raw(`explain (format json) ${sql}`, bindings as readonly Knex.RawBinding[])) as { rows: Record<string, unknown>[] };
  const explained = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof explained === 'string' ? JSON.parse(explained) : explained) as { Plan: { 'Plan Rows': number } }[];
  return plan[0]?.Plan['Plan Rows'] ?? 0;
}

const pageColumns = (db: Db) => [...taskColumns(db), pageKeyColumn(db)];

/**
 * The filtered rows, newest first — whole rows (with page_key), ids, or just a 1 each (for counting) — straight
 * from the tasks table, or from the GIN matches when they come first.
 */
function matchingRows(db: Db, filter: TaskListFilter, plan: BrowsePlan, what: 'rows' | 'ids' | 'ones'): Knex.QueryBuilder {
  if (plan.matchesFirst) {
    const matches = applyFilter(db('tasks').select(pageColumns(db)), db, filter);
    const columns = { rows: 'tasks.*', ids: 'tasks.id', ones: db.raw('1') }[what];
    return db.withMaterialized('tasks_matched', matches).select(columns).from('tasks_matched as tasks').orderBy(newestFirst);
  }
  const columns = { rows: pageColumns(db), ids: ['tasks.id'], ones: [db.raw('1')] }[what];
  return applyFilter(db('tasks').select(columns), db, filter).orderBy(newestFirst);
}

/**
 * One page, newest first. Deep pages either continue after a cursor (keyset: no rows skipped at all) or skip rows
 * by id only — the skipped rows come from the covering index, and only the page's rows are read from the table.
 */
function pageQuery(db: Db, filter: TaskListFilter, page: TaskPageRequest, plan: BrowsePlan): Knex.QueryBuilder {
  const query = matchingRows(db, filter, plan, 'rows');
  if (page.after) return afterKey(query, page.after).limit(page.limit);
  if (page.offset === 0 || plan.matchesFirst) return query.offset(page.offset).limit(page.limit);
  return query.whereIn('tasks.id', matchingRows(db, filter, plan, 'ids').offset(page.offset).limit(page.limit));
}

function afterKey(query: Knex.QueryBuilder, key: TaskPageKey): Knex.QueryBuilder {
  return query.whereRaw(`(tasks.created_at, tasks.id) < (timestamptz 'epoch' + ?::bigint * interval '1 microsecond', ?)`, [key.createdAtMicros, key.id]);
}

/** How many rows match, counting no further than `cap` + 1 (in the page's order, so the count reads the page's index). */
function cappedCountQuery(db: Db, filter: TaskListFilter, cap: number, plan: BrowsePlan): Knex.QueryBuilder {
  const matches = matchingRows(db, filter, plan, 'ones').limit(cap + 1);
  return db.from(matches.as('matches')).count({ count: '*' });
}

export interface TaskListResult {
  rows: TaskRow[];
  total: number;
  /** `total` is a lower bound: more rows match than were counted. */
  totalIsEstimate: boolean;
  /** The last row's key when the page is full (there may be more), else null. */
  nextKey: TaskPageKey | null;
}

/** `position` is the number of rows before this page (also when the page is read from a cursor). */
export async function listTasks(db: Db, filter: TaskListFilter, page: TaskPageRequest & { position: number }): Promise<TaskListResult> {
  const plan = await browsePlanOf(db, filter, page);
  const found = (await pageQuery(db, filter, page, plan)) as (TaskRow & { page_key: string })[];
  const rows = found.map(({ page_key: _key, ...row }) => row);
  const last = found.at(-1);
  const nextKey = last && found.length === page.limit ? { createdAtMicros: last.page_key, id: last.id } : null;
  // A short page that is not empty (or the first page) says exactly how many there are: no count needed.
  if (found.length < page.limit && (found.length > 0 || page.position === 0)) {
    return { rows, total: page.position + found.length, totalIsEstimate: false, nextKey };
  }
  const cap = Math.max(totalCountCap, page.position + page.limit);
  // A word in thousands of tasks: counting even up to the cap tests thousands of search vectors. The estimate says
  // by a wide margin that there are more than the cap.
  if ((plan.estimatedMatches ?? 0) >= surelyMoreThanCap * cap) return { rows, total: cap, totalIsEstimate: true, nextKey };
  const counted = (await cappedCountQuery(db, filter, cap, plan).first()) as { count: number | string } | undefined;
  const total = Number(counted?.count ?? 0);
  return { rows, total: Math.min(total, cap), totalIsEstimate: total > cap, nextKey };
}

/** The page and count queries without running them, for EXPLAIN in tests. */
export function listTasksSql(db: Db, filter: TaskListFilter, page: TaskPageRequest, plan: BrowsePlan = { matchesFirst: false }): Knex.Sql {
  return pageQuery(db, filter, page, plan).toSQL();
}

export function countTasksSql(db: Db, filter: TaskListFilter, cap = totalCountCap, plan: BrowsePlan = { matchesFirst: false }): Knex.Sql {
  return cappedCountQuery(db, filter, cap, plan).toSQL();
}

// ---- bids projection ----


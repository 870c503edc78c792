import type { TaskStatus, TaskType } from '@fragtbud/contracts';
import type { Db } from '../context';

export interface TaskProjectionRow {
  task_id: number;
  user_id: number | null;
  type: TaskType;
  status: TaskStatus;
  max_bids: number | null;
  assigned_carrier_id: number | null;
  /** As svc-tasks' events told them (null: not told, or none read from the address); they name the task in bid events. */
  from_city: string | null;
  to_city: string | null;
  deleted: boolean;
  needs_refresh: boolean;
  /** Bid slots taken: never fewer than the bids holding one (see migration 002). */
  bid_count: number;
  updated_at: Date;
}

/** What an event or svc-tasks tells of a task. A fact left out = unknown (kept as it is). */
export interface TaskFacts {
  task_id: number;
  user_id: number | null;
  type: TaskType;
  status: TaskStatus;
  max_bids?: number | null;
  assigned_carrier_id?: number | null;
  from_city?: string | null;
  to_city?: string | null;
}

/** What svc-tasks answers of a task: everything but the cities, which a new row lacks until an event tells them. */
export type FetchedTaskFacts = Required<Omit<TaskFacts, 'from_city' | 'to_city'>>;

export async function findProjection(db: Db, taskId: number): Promise<TaskProjectionRow | undefined> {
  return db('task_projection').where({ task_id: taskId }).first();
}

/** Same, holding the row until the transaction ends: every change to a task's bids queues up here. */
export async function lockProjection(db: Db, taskId: number): Promise<TaskProjectionRow | undefined> {
  return db('task_projection').where({ task_id: taskId }).forUpdate().first();
}

/**
 * Takes `wanted` of the task's bid slots in one statement if the task is open and the count leaves room for all of
 * them (a slot turn's usual case); the new count, or undefined when the task is closed, gone or too full by the
 * count. The row stays locked until the transaction ends.
 */
export async function takeBidSlots(db: Db, taskId: number, maxBids: number, wanted: number): Promise<number | undefined> {
  const rows = (await db('task_projection')
    .where({ task_id: taskId, status: 'open_for_bids', deleted: false })
    .andWhere('bid_count', '<=', maxBids - wanted)
    .increment('bid_count', wanted)
    .returning('bid_count')) as { bid_count: number }[];
  return rows[0]?.bid_count;
}

/** Under the row lock (a slot turn): the slots taken. */
export async function setBidCount(db: Db, taskId: number, bidCount: number): Promise<void> {
  await db('task_projection').where({ task_id: taskId }).update({ bid_count: bidCount });
}

/**
 * Upserts what an event says; an unknown max_bids stays as it was (a new row: null, and fetched before a bid), as do
 * an unknown carrier and unknown cities (a new row: null).
 */
export async function saveFacts(db: Db, facts: TaskFacts, now: Date, options: { needsRefresh?: boolean } = {}): Promise<void> {
  const values: Record<string, unknown> = {
    task_id: facts.task_id,
    user_id: facts.user_id,
    type: facts.type,
    status: facts.status,
    deleted: false,
    updated_at: now,
  };
  const merged = ['user_id', 'type', 'status', 'deleted', 'updated_at'];
  if (facts.max_bids !== undefined) {
    values.max_bids = facts.max_bids;
    values.needs_refresh = false;
    merged.push('max_bids', 'needs_refresh');
  } else {
    // Unknown limit: a new row is fetched from svc-tasks before its next bid; an existing one only when told so.
    values.needs_refresh = true;
    if (options.needsRefresh) merged.push('needs_refresh');
  }
  for (const fact of ['assigned_carrier_id', 'from_city', 'to_city'] as const) {
    if (facts[fact] === undefined) continue;
    values[fact] = facts[fact];
    merged.push(fact);
  }
  await db('task_projection').insert(values).onConflict('task_id').merge(merged);
}

/** A task fetched from svc-tasks: stored unless an event got there first (then only a pending refresh is done). */
export async function saveFetched(db: Db, facts: FetchedTaskFacts, now: Date): Promise<void> {
  const inserted = await db('task_projection')
    .insert({ ...facts, deleted: false, needs_refresh: false, updated_at: now })
    .onConflict('task_id')
    .ignore()
    .returning('task_id');
  if (inserted.length > 0) return;
  await db('task_projection')
    .where({ task_id: facts.task_id, needs_refresh: true })
    .update({ max_bids: facts.max_bids, needs_refresh: false, updated_at: now });
}

export async function setStatus(db: Db, taskId: number, status: TaskStatus, assignedCarrierId: number | null, now: Date): Promise<void> {
  await db('task_projection').where({ task_id: taskId }).update({ status, assigned_carrier_id: assignedCarrierId, updated_at: now });
}

export async function markDeleted(db: Db, taskId: number, now: Date): Promise<void> {
  await db('task_projection').where({ task_id: taskId }).update({ deleted: true, updated_at: now });
}

// ---- bid limits of task types and of the platform ----

export async function findTypeLimit(db: Db, type: string): Promise<number | null> {
  const row = (await db('task_type_limits').where({ type }).first()) as { max_bids: number } | undefined;
  return row?.max_bids ?? null;
}

export async function saveTypeLimit(db: Db, type: string, maxBids: number, now: Date): Promise<void> {
  await db('task_type_limits').insert({ type, max_bids: maxBids, updated_at: now }).onConflict('type').merge(['max_bids', 'updated_at']);
}

export async function deleteTypeLimit(db: Db, type: string): Promise<void> {
  await db('task_type_limits').where({ type }).delete();
}

export async function findPlatformLimit(db: Db): Promise<number | null> {
  const row = (await db('platform_limits').where({ id: 1 }).first()) as { max_bids: number } | undefined;
  return row?.max_bids ?? null;
}

export async function savePlatformLimit(db: Db, maxBids: number, now: Date): Promise<void> {
  await db('platform_limits').insert({ id: 1, max_bids: maxBids, updated_at: now }).onConflict('id').merge(['max_bids', 'updated_at']);
}

/** The task's owner changed (a guest's task attached to an account): every bid on it names the new owner. */
export async function setBidsCustomer(db: Db, taskId: number, customerId: number | null): Promise<void> {
  await db('bids').where({ task_id: taskId }).update({ customer_id: customerId });
}

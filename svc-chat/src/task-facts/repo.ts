import type { TaskStatus, TaskType } from '@fragtbud/contracts';
import type { Db } from '../context';

export type ProjectedBidStatus = 'pending' | 'accepted' | 'rejected';

export interface ChatTaskRow {
  task_id: number;
  owner_id: number | null;
  status: TaskStatus;
  assigned_carrier_id: number | null;
  /** The limit the last bid announced (svc-bids' limit in force then). */
  max_bids: number | null;
  /** The task's own limit, as its created event (or svc-tasks) told it; null: its type's or the platform's applies. */
  own_max_bids: number | null;
  /** What notification titles name the task by; null until an event (or svc-tasks) told it. */
  type: TaskType | null;
  from_city: string | null;
  to_city: string | null;
}

export interface ChatBidRow {
  bid_id: number;
  task_id: number;
  carrier_id: number;
  status: ProjectedBidStatus;
}

export async function findChatTask(db: Db, taskId: number): Promise<ChatTaskRow | undefined> {
  return db<ChatTaskRow>('chat_tasks').where({ task_id: taskId }).first();
}

/** A task seen for the first time; one already known is left as it is (its later events are newer). */
export async function insertChatTaskIfNew(db: Db, row: ChatTaskRow): Promise<void> {
  await db('chat_tasks').insert(row).onConflict('task_id').ignore();
}

/**
 * The task as its creation announced it. A row a bid or a lookup made first keeps what it holds, but learns the type
 * and cities it did not know yet.
 */
export async function insertCreatedChatTask(db: Db, row: ChatTaskRow): Promise<void> {
  await db('chat_tasks')
    .insert(row)
    .onConflict('task_id')
    .merge({
      type: db.raw('coalesce(chat_tasks.type, excluded.type)'),
      from_city: db.raw('coalesce(chat_tasks.from_city, excluded.from_city)'),
      to_city: db.raw('coalesce(chat_tasks.to_city, excluded.to_city)'),
      own_max_bids: db.raw('excluded.own_max_bids'),
    });
}

/** The task as an event says it is now: inserted, or the named fields overwritten. */
export async function upsertChatTask(db: Db, row: Pick<ChatTaskRow, 'task_id'> & Partial<ChatTaskRow>, now: Date): Promise<void> {
  const { task_id: _taskId, ...changes } = row;
  await db('chat_tasks')
    .insert({ status: 'open_for_bids', owner_id: null, ...row, updated_at: now })
    .onConflict('task_id')
    .merge({ ...changes, updated_at: now });
}

export async function deleteChatTask(db: Db, taskId: number): Promise<void> {
  await db('chat_task_bids').where({ task_id: taskId }).delete();
  await db('chat_tasks').where({ task_id: taskId }).delete();
}

/** Records a bid or its new status; a rejected bid stays rejected (a late event cannot revive it). */
export async function saveChatBid(db: Db, bid: ChatBidRow): Promise<void> {
  await db('chat_task_bids')
    .insert(bid)
    .onConflict('bid_id')
    .merge({ status: db.raw(`case when chat_task_bids.status = 'rejected' then chat_task_bids.status else excluded.status end`) });
}

export async function findChatBid(db: Db, bidId: number): Promise<ChatBidRow | undefined> {
  return db<ChatBidRow>('chat_task_bids').where({ bid_id: bidId }).first();
}

/** Bids holding a slot (pending or accepted). */
export async function activeBidsOf(db: Db, taskId: number): Promise<ChatBidRow[]> {
  return db<ChatBidRow>('chat_task_bids').where({ task_id: taskId }).whereIn('status', ['pending', 'accepted']);
}

/** Where an admin's bid limit applies: every task of one type, or the platform. */
export type BidLimitScope = 'platform' | `type:${string}`;

export async function saveBidLimit(db: Db, scope: BidLimitScope, maxBids: number, now: Date): Promise<void> {
  await db('chat_bid_limits').insert({ scope, max_bids: maxBids, updated_at: now }).onConflict('scope').merge();
}

export async function deleteBidLimit(db: Db, scope: BidLimitScope): Promise<void> {
  await db('chat_bid_limits').where({ scope }).delete();
}

export async function findBidLimit(db: Db, scope: BidLimitScope): Promise<number | null> {
  const row = (await db('chat_bid_limits').where({ scope }).first()) as { max_bids: number } | undefined;
  return row?.max_bids ?? null;
}

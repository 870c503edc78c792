import type { TaskStatus, TaskType } from '@fragtbud/contracts';
import type { Db } from '../context';

export type ProjectedBidStatus = 'pending' | 'accepted' | 'rejected';

export interface ChatTaskRow {
  task_id: number;
  owner_id: number | null;
  status: TaskStatus;
  assigned_carrier_id: number | null;
  max_bids: number | null;
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

import type { Role } from '@fragtbud/contracts';
import type { Db } from '../context';

export interface ChatMessageRow {
  id: number;
  task_id: number;
  sender_id: number;
  receiver_id: number;
  sender_role: Role;
  bid_id: number | null;
  message: string;
  read_at: Date | null;
  created_at: Date;
}

export type NewChatMessage = Pick<ChatMessageRow, 'task_id' | 'sender_id' | 'receiver_id' | 'sender_role' | 'bid_id' | 'message'>;

export async function insertMessage(db: Db, row: NewChatMessage): Promise<ChatMessageRow> {
  const [inserted] = (await db('chat_messages').insert(row).returning('*')) as ChatMessageRow[];
  return inserted as ChatMessageRow;
}

export async function findMessage(db: Db, id: number): Promise<ChatMessageRow | undefined> {
  return db<ChatMessageRow>('chat_messages').where({ id }).first();
}

/** The thread of two users on a task (either direction), by the thread index. */
function threadOf(db: Db, taskId: number, a: number, b: number) {
  return db<ChatMessageRow>('chat_messages')
    .where({ task_id: taskId })
    .andWhereRaw('least(sender_id, receiver_id) = ?', [Math.min(a, b)])
    .andWhereRaw('greatest(sender_id, receiver_id) = ?', [Math.max(a, b)]);
}

export async function listThread(
  db: Db,
  taskId: number,
  userId: number,
  partnerId: number,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: ChatMessageRow[]; total: number }> {
  const counted = (await threadOf(db, taskId, userId, partnerId).count({ count: '*' }).first()) as { count: number | string } | undefined;
  const rows = (await threadOf(db, taskId, userId, partnerId)
    .orderBy('id', 'asc')
    .limit(limit)
    .offset((page - 1) * limit)) as ChatMessageRow[];
  return { rows, total: Number(counted?.count ?? 0) };
}

/** What the partner wrote to the user on the task before: anything at all, and whether as an admin. */
export async function partnerWroteTo(db: Db, taskId: number, partnerId: number, userId: number): Promise<{ any: boolean; asAdmin: boolean }> {
  const rows = (await db('chat_messages')
    .where({ task_id: taskId, sender_id: partnerId, receiver_id: userId })
    .distinct('sender_role')) as Array<{ sender_role: Role }>;
  return { any: rows.length > 0, asAdmin: rows.some((row) => row.sender_role === 'admin') };
}

export interface ThreadRow extends ChatMessageRow {
  partner_id: number;
}

/** The user's threads (on one task, or all): the newest message of each, newest thread first. */
export async function latestMessagePerThread(db: Db, userId: number, taskId?: number): Promise<ThreadRow[]> {
  const mine = db('chat_messages')
    .select('*', db.raw('case when sender_id = ? then receiver_id else sender_id end as partner_id', [userId]))
    .where((where) => where.where({ sender_id: userId }).orWhere({ receiver_id: userId }));
  if (taskId !== undefined) mine.andWhere({ task_id: taskId });
  const latest = (await db
    .select('*')
    .from(
      db
        .select('*')
        .from(mine.as('mine'))
        .distinctOn(['task_id', 'partner_id'])
        .orderBy([{ column: 'task_id' }, { column: 'partner_id' }, { column: 'id', order: 'desc' }])
        .as('latest'),
    )
    .orderBy('id', 'desc')) as ThreadRow[];
  return latest;
}

/** Unread messages to the user, per (task, sender). */
export async function unreadCounts(db: Db, userId: number, taskId?: number): Promise<Map<string, number>> {
  const query = db('chat_messages')
    .select('task_id', 'sender_id')
    .count({ count: '*' })
    .where({ receiver_id: userId })
    .whereNull('read_at')
    .groupBy('task_id', 'sender_id');
  if (taskId !== undefined) query.andWhere({ task_id: taskId });
  const rows = (await query) as Array<{ task_id: number; sender_id: number; count: number | string }>;
  return new Map(rows.map((row) => [threadKey(row.task_id, row.sender_id), Number(row.count)]));
}

export const threadKey = (taskId: number, partnerId: number) => `${taskId}:${partnerId}`;

/** Marks the message read the first time; returns the row and whether this call read it. */
export async function markMessageRead(db: Db, id: number, now: Date): Promise<ChatMessageRow[]> {
  return (await db('chat_messages').where({ id }).whereNull('read_at').update({ read_at: now }).returning('*')) as ChatMessageRow[];
}

/** Marks every unread message of the partner to the user on the task read; returns them. */
export async function markThreadRead(db: Db, taskId: number, userId: number, partnerId: number, now: Date): Promise<ChatMessageRow[]> {
  return (await db('chat_messages')
    .where({ task_id: taskId, sender_id: partnerId, receiver_id: userId })
    .whereNull('read_at')
    .update({ read_at: now })
    .returning('*')) as ChatMessageRow[];
}

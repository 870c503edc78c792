import {
  chatLockFor,
  chatLockTexts,
  eventTypes,
  messages,
  redactChatText,
  type AuthUser,
  type ChatLock,
  type ChatLockCode,
  type ChatMessageJson,
  type ChatThread,
  type ChatThreadList,
  type ChatThreadQuery,
  type ChatThreadsQuery,
  type EventPayload,
  type SendChatMessageBody,
} from '@fragtbud/contracts';
import { type DirectoryContact, directoryContactsOf, displayName, domainError, type EventMeta, isAppError } from '@fragtbud/platform';
import type { Knex } from 'knex';
import type { ChatContext } from '../context';
import { publishLive } from '../live/publish';
import { findChatBid } from '../task-facts/repo';
import { currentTaskFactsOf, taskFactsOf } from '../task-facts/service';
import {
  findMessage,
  insertMessage,
  latestMessagePerThread,
  listThread,
  markMessageRead,
  markThreadRead,
  partnerWroteTo,
  threadKey,
  unreadCounts,
  type ChatMessageRow,
} from './repo';

export function toChatMessageJson(row: ChatMessageRow): ChatMessageJson {
  return {
    id: row.id,
    task_id: row.task_id,
    sender_id: row.sender_id,
    receiver_id: row.receiver_id,
    bid_id: row.bid_id,
    message: row.message,
    is_read: row.read_at !== null,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

const lockOf = (code: ChatLockCode): ChatLock => ({ code, message: chatLockTexts[code] });

/** Whether `caller` may write to `partnerId` on the task now (spec 6), or why not. */
async function lockFor(context: ChatContext, caller: AuthUser, taskId: number, partnerId: number, requestId?: string): Promise<ChatLockCode | null> {
  const task = await currentTaskFactsOf(context, taskId, requestId);
  const wrote = await partnerWroteTo(context.db, taskId, partnerId, caller.id);
  return chatLockFor(caller, { receiverId: partnerId, receiverWroteFirst: wrote.any, receiverIsAdminWhoWrote: wrote.asAdmin }, task);
}

/**
 * POST /chat/messages: the rules of spec 6 (refused: 403 with the lock text), the text redacted before it is stored,
 * then the message, its event and the live event to both parties in one transaction.
 */
export async function sendMessage(
  context: ChatContext,
  caller: AuthUser,
  body: SendChatMessageBody,
  meta: EventMeta & { requestId?: string },
): Promise<ChatMessageJson> {
  if (body.senderId !== undefined && body.senderId !== caller.id) throw domainError('forbidden');
  const lock = await lockFor(context, caller, body.taskId, body.receiverId, meta.requestId);
  if (lock) throw domainError(`chat_${lock}`);
  const bidId = body.bidId ?? null;
  if (bidId !== null) {
    const bid = await findChatBid(context.db, bidId);
    if (bid && bid.task_id !== body.taskId) throw domainError('bid_not_of_task');
  }

  const row = await context.db.transaction(async (trx) => {
    const inserted = await insertMessage(trx, {
      task_id: body.taskId,
      sender_id: caller.id,
      receiver_id: body.receiverId,
      sender_role: caller.role,
      bid_id: bidId,
      message: redactChatText(body.message),
    });
    await context.outbox.add(
      trx,
      eventTypes.chatMessageCreated,
      {
        messageId: inserted.id,
        taskId: inserted.task_id,
        senderId: inserted.sender_id,
        receiverId: inserted.receiver_id,
        bidId: inserted.bid_id,
      } satisfies EventPayload<typeof eventTypes.chatMessageCreated>,
      meta,
    );
    await publishLive(context.outbox, trx, [inserted.sender_id, inserted.receiver_id], 'chat.message', toChatMessageJson(inserted), meta);
    return inserted;
  });
  return toChatMessageJson(row);
}

/** Only an admin looks at someone else's messages. */
function subjectOf(caller: AuthUser, userId: number | undefined): number {
  if (userId === undefined || userId === caller.id) return caller.id;
  if (caller.role !== 'admin') throw domainError('forbidden');
  return userId;
}

const isUnknownTask = (error: unknown) => isAppError(error) && (error.status === 404 || error.status === 503);

/**
 * The partner a carrier means without naming one: the task's customer. Null for a guest's task, or an unknown task
 * (or svc-tasks unreachable for one the projection has not seen).
 */
async function customerOf(context: ChatContext, caller: AuthUser, taskId: number, requestId?: string): Promise<number | null> {
  if (caller.role !== 'carrier') {
    throw domainError('invalid_input', { variant: 'invalidUserId', details: [{ path: 'partnerId', message: messages.invalidUserId }] });
  }
  try {
    return (await taskFactsOf(context, taskId, requestId)).ownerId;
  } catch (error) {
    if (isUnknownTask(error)) return null;
    throw error;
  }
}

/**
 * GET /chat/messages: the thread oldest first, whether the caller may write in it now, and who it is with. A carrier
 * without `partnerId` gets the thread with the task's customer — named only when they may write or already talk.
 */
export async function getThread(context: ChatContext, caller: AuthUser, query: ChatThreadQuery, requestId?: string): Promise<ChatThread> {
  const page = { page: query.page, limit: query.limit };
  const userId = subjectOf(caller, query.userId);
  const implied = query.partnerId === undefined;
  const partnerId = query.partnerId ?? (await customerOf(context, caller, query.taskId, requestId));
  if (partnerId === null) return { items: [], total: 0, ...page, lock: lockOf('unavailable'), partner: null };

  const { rows, total } = await listThread(context.db, query.taskId, userId, partnerId, query);
  let lock: ChatLockCode | null;
  try {
    lock = await lockFor(context, caller, query.taskId, partnerId, requestId);
  } catch (error) {
    // An unknown task, or svc-tasks unreachable for one the projection has not seen: the thread still reads.
    if (!isUnknownTask(error)) throw error;
    lock = 'unavailable';
  }
  const hidden = implied && lock !== null && rows.length === 0;
  const people = hidden ? new Map<number, DirectoryContact>() : await directoryContactsOf(context.db, [partnerId]);
  return {
    items: rows.map(toChatMessageJson),
    total,
    ...page,
    lock: lock ? lockOf(lock) : null,
    partner: hidden ? null : { id: partnerId, name: partnerNameOf(people.get(partnerId)) },
  };
}

/** A chat partner as people see them: the platform for an admin, a carrier with their company, else the name. */
function partnerNameOf(person: DirectoryContact | undefined): string | null {
  if (!person) return null;
  if (person.role === 'admin') return 'Fragtbud';
  return person.role === 'carrier' ? displayName(person) : person.name;
}

/** GET /chat/threads: the caller's threads with the newest message and the unread count of each. */
export async function listThreads(context: ChatContext, caller: AuthUser, query: ChatThreadsQuery): Promise<ChatThreadList> {
  const userId = subjectOf(caller, query.userId);
  const [latest, unread] = await Promise.all([
    latestMessagePerThread(context.db, userId, query.taskId),
    unreadCounts(context.db, userId, query.taskId),
  ]);
  const people = await directoryContactsOf(context.db, latest.map((row) => row.partner_id));
  const items = latest.map((row) => ({
    task_id: row.task_id,
    partner_id: row.partner_id,
    partner_name: partnerNameOf(people.get(row.partner_id)),
    last_message: toChatMessageJson(row),
    unread_count: unread.get(threadKey(row.task_id, row.partner_id)) ?? 0,
  }));
  return { items, unread_total: items.reduce((sum, item) => sum + item.unread_count, 0) };
}

/** PUT /chat/messages/{id}/read: the receiver only (the sender: 403; anyone else: as if it did not exist). */
export async function readMessage(context: ChatContext, caller: AuthUser, id: number, meta: EventMeta): Promise<ChatMessageJson> {
  const found = await findMessage(context.db, id);
  if (!found || (found.receiver_id !== caller.id && found.sender_id !== caller.id)) {
    throw domainError('chat_message_not_found');
  }
  if (found.receiver_id !== caller.id) throw domainError('forbidden', { variant: 'chatReadOnlyByReceiver' });
  if (found.read_at) return toChatMessageJson(found);
  const read = await context.db.transaction(async (trx) => {
    const rows = await markMessageRead(trx, id, new Date());
    await announceRead(context, trx, caller.id, found.sender_id, found.task_id, rows, meta);
    return rows[0];
  });
  return toChatMessageJson(read ?? ((await findMessage(context.db, id)) as ChatMessageRow));
}

/** PUT /chat/threads/read: everything the partner wrote to the caller on the task. */
export async function readThread(
  context: ChatContext,
  caller: AuthUser,
  { taskId, partnerId }: { taskId: number; partnerId: number },
  meta: EventMeta,
): Promise<{ updated: number; message_ids: number[] }> {
  const rows = await context.db.transaction(async (trx) => {
    const read = await markThreadRead(trx, taskId, caller.id, partnerId, new Date());
    await announceRead(context, trx, caller.id, partnerId, taskId, read, meta);
    return read;
  });
  return { updated: rows.length, message_ids: rows.map((row) => row.id) };
}

/** The read receipt: an event, and live to both sides (the sender's ticks, the reader's other tabs). */
async function announceRead(
  context: ChatContext,
  trx: Knex.Transaction,
  readerId: number,
  partnerId: number,
  taskId: number,
  rows: ChatMessageRow[],
  meta: EventMeta,
): Promise<void> {
  if (rows.length === 0) return;
  const messageIds = rows.map((row) => row.id);
  await context.outbox.add(
    trx,
    eventTypes.chatMessageRead,
    { taskId, readerId, partnerId, messageIds } satisfies EventPayload<typeof eventTypes.chatMessageRead>,
    meta,
  );
  const readAt = rows[0]?.read_at?.toISOString() ?? new Date().toISOString();
  await publishLive(context.outbox, trx, [partnerId, readerId], 'chat.read', { taskId, readerId, partnerId, messageIds, read_at: readAt }, meta);
}

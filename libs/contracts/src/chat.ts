import { z } from 'zod';
import { messages } from './messages';
import { idField } from './pricing';
import type { Role } from './roles';
import type { TaskStatus } from './task-types';

/*
 * Chat (spec sections 2, 3, 5, 6 and 9; shared/API.md "Chat and notifications"). Messages are owned by svc-chat; the
 * redaction and the lock rules live here so the server enforces them and the client can preview them.
 */

// ---- redaction (spec 5 and 9): chat-redaction.ts ----

export { redactChatText, redactedText } from './chat-redaction';

// ---- lock rules (spec 6) ----

/** Statuses in which chat is locked for everybody. */
export const chatClosedStatuses = ['completed', 'cancelled'] as const satisfies readonly TaskStatus[];
/** Statuses after a bid was accepted: only the customer and the winning carrier talk. */
export const chatAcceptedStatuses = [
  'assigned',
  'paid',
  'picked_up',
  'in_transit',
  'in_progress',
  'delivered',
] as const satisfies readonly TaskStatus[];

import { chatLockTexts, type ChatLockCode } from './error-texts';

export { chatLockTexts, type ChatLockCode };

/** What the rules need to know about a task (svc-chat keeps it as a projection of task and bid events). */
export interface ChatTaskFacts {
  status: TaskStatus;
  ownerId: number | null;
  /** A bid was accepted (or the task is past acceptance). */
  accepted: boolean;
  /** The carrier whose bid was accepted / who is assigned; null when not known. */
  winnerId: number | null;
  /** The bids holding a slot have reached the task's limit. */
  atBidLimit: boolean;
  /** Carriers with a pending or accepted bid on the task. */
  bidderIds: readonly number[];
}

export interface ChatSender {
  id: number;
  role: Role;
  blocked?: boolean;
  /** A carrier's approval: one awaiting it (or rejected) cannot bid, and cannot write to customers either. */
  approved?: boolean;
}

/** What the rules need to know about the conversation itself. */
export interface ChatPair {
  receiverId: number;
  /** The receiver wrote to the sender on this task before (a carrier who asked before bidding). */
  receiverWroteFirst: boolean;
  /** The receiver is an admin who wrote to the sender on this task: anyone may answer an admin. */
  receiverIsAdminWhoWrote: boolean;
}

/**
 * Spec 6: nobody writes to themself; chat is locked when the task is completed or cancelled; an admin may write to
 * anyone; an approved carrier only to the task's customer, only while the task is open, at the bid limit only with a bid of
 * its own, once a bid is accepted only the winner; the customer while open to any bidder (and to a carrier who wrote
 * first, unless the limit is reached), once accepted only to the winner. Returns why it is locked, or null.
 */
export function chatLockFor(sender: ChatSender, pair: ChatPair, task: ChatTaskFacts): ChatLockCode | null {
  if (sender.id === pair.receiverId || sender.blocked) return 'unavailable';
  if ((chatClosedStatuses as readonly TaskStatus[]).includes(task.status)) return 'closed';
  if (sender.role === 'admin' || pair.receiverIsAdminWhoWrote) return null;
  const accepted = task.accepted || (chatAcceptedStatuses as readonly TaskStatus[]).includes(task.status);
  const hasBid = (userId: number) => task.bidderIds.includes(userId);

  if (sender.role === 'carrier') {
    if (sender.approved === false) return 'unavailable';
    if (task.ownerId === null || pair.receiverId !== task.ownerId) return 'carrier_only_customer';
    if (accepted) return task.winnerId === sender.id ? null : 'bid_chosen';
    if (task.status !== 'open_for_bids') return 'unavailable';
    if (task.atBidLimit && !hasBid(sender.id)) return 'max_bids_no_bid';
    return null;
  }

  if (sender.role === 'customer' && task.ownerId === sender.id) {
    if (accepted) return task.winnerId !== null && pair.receiverId === task.winnerId ? null : 'bid_chosen';
    if (task.status !== 'open_for_bids') return 'unavailable';
    if (hasBid(pair.receiverId)) return null;
    if (pair.receiverWroteFirst && !task.atBidLimit) return null;
    return 'unavailable';
  }
  return 'unavailable';
}

// ---- the API ----

export const chatMessageMaxLength = 2_000;

/** A message as the API answers it (spec section 3); `message` is already redacted. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  sender_id: z.number().int(),
  receiver_id: z.number().int(),
  bid_id: z.number().int().nullable(),
  message: z.string(),
  is_read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type ChatMessageJson = z.infer<typeof chatMessageSchema>;

const messageText = z
  .string({ error: messages.chatMessageEmpty })
  .transform((text) => text.trim())
  .pipe(z.string().min(1, messages.chatMessageEmpty).max(chatMessageMaxLength, messages.chatMessageTooLong));

/** POST /chat/messages — `senderId` (spec 7) is accepted but must be the caller. */
export const sendChatMessageBodySchema = z.object({
  taskId: idField(messages.invalidTaskId),
  receiverId: idField(messages.invalidUserId),
  message: messageText,
  bidId: idField(messages.invalidBidId).nullish(),
  senderId: idField(messages.invalidUserId).optional(),
});
export type SendChatMessageBody = z.output<typeof sendChatMessageBodySchema>;

const lastOf = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);
const blankToUndefined = (value: unknown) => {
  const last = lastOf(value);
  return typeof last === 'string' && last.trim() === '' ? undefined : last;
};
const queryId = (message: string) => z.preprocess(blankToUndefined, idField(message));
const optionalQueryId = (message: string) => z.preprocess(blankToUndefined, idField(message).optional());

export const chatThreadPageLimitMax = 100;

/**
 * GET /chat/messages?taskId&partnerId — `userId` (spec 7) lets an admin read any two parties' thread. A carrier may
 * leave out `partnerId`: the partner is then the task's customer (whom a carrier without a bid does not know).
 */
export const chatThreadQuerySchema = z.object({
  taskId: queryId(messages.invalidTaskId),
  partnerId: optionalQueryId(messages.invalidUserId),
  userId: optionalQueryId(messages.invalidUserId),
  page: z
    .preprocess(blankToUndefined, idField(messages.invalidPage).optional())
    .transform((page) => page ?? 1),
  limit: z
    .preprocess(
      blankToUndefined,
      idField(messages.invalidPageLimit)
        .pipe(z.number().max(chatThreadPageLimitMax, messages.invalidPageLimit))
        .optional(),
    )
    .transform((limit) => limit ?? chatThreadPageLimitMax),
});
export type ChatThreadQuery = z.output<typeof chatThreadQuerySchema>;

export const chatLockSchema = z.object({ code: z.enum(Object.keys(chatLockTexts) as [ChatLockCode, ...ChatLockCode[]]), message: z.string() });
export type ChatLock = z.infer<typeof chatLockSchema>;

/** The thread, oldest first, and whether the caller may write in it now (`lock` null) or why not. */
export const chatThreadSchema = z.object({
  items: z.array(chatMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  lock: chatLockSchema.nullable(),
  /**
   * Who the thread is with, named as in the threads list (null name while svc-chat does not know it yet); null when a
   * carrier asked for the task's customer but may not write to them and has no messages with them.
   */
  partner: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable().optional(),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;

/** GET /chat/threads?taskId — without taskId: every thread of the caller (the header's unread count). */
export const chatThreadsQuerySchema = z.object({
  taskId: optionalQueryId(messages.invalidTaskId),
  userId: optionalQueryId(messages.invalidUserId),
});
export type ChatThreadsQuery = z.output<typeof chatThreadsQuerySchema>;

export const chatThreadSummarySchema = z.object({
  task_id: z.number().int(),
  partner_id: z.number().int(),
  /**
   * Who the partner is, from svc-chat's projection of identity events: 'Navn (Firma)' for a carrier with a company,
   * 'Fragtbud' for an admin; null while the name is not known yet.
   */
  partner_name: z.string().nullable(),
  last_message: chatMessageSchema,
  unread_count: z.number().int(),
});
export type ChatThreadSummary = z.infer<typeof chatThreadSummarySchema>;

export const chatThreadListSchema = z.object({
  items: z.array(chatThreadSummarySchema),
  /** Unread messages to the caller over all the listed threads. */
  unread_total: z.number().int(),
});
export type ChatThreadList = z.infer<typeof chatThreadListSchema>;

/** PUT /chat/threads/read — marks every message of the partner to the caller on the task read. */
export const markChatThreadReadBodySchema = z.object({
  taskId: idField(messages.invalidTaskId),
  partnerId: idField(messages.invalidUserId),
});

export const markChatThreadReadResponseSchema = z.object({ updated: z.number().int(), message_ids: z.array(z.number().int()) });

export const chatMessageIdSchema = idField(messages.invalidChatMessageId);

// ---- live events (GET /api/events) ----

import { liveEventTypes } from './live-event-types';

export { liveEventTypes, type LiveEventType } from './live-event-types';
export const liveEventTypeSchema = z.enum(liveEventTypes);

export const chatReadLiveDataSchema = z.object({
  taskId: z.number().int(),
  readerId: z.number().int(),
  partnerId: z.number().int(),
  messageIds: z.array(z.number().int()),
  read_at: z.string(),
});
export const taskStatusLiveDataSchema = z.object({ taskId: z.number().int(), status: z.string() });
export const bidLiveDataSchema = z.object({ taskId: z.number().int(), bidId: z.number().int(), status: z.string().optional() });

import { z } from 'zod';
import { roleSchema } from './roles';
import { taskStatusSchema, taskTypeSchema } from './task-types';
import { paymentSucceededPayloadSchema } from './payments';
import { liveEventTypeSchema } from './chat';
import {
  adjustmentCreatedPayloadSchema,
  chargeSucceededPayloadSchema,
  payoutStatusChangedPayloadSchema,
  refundSucceededPayloadSchema,
  transferCreatedPayloadSchema,
} from './finance';

/** Every event travels in this envelope; `id` is the dedupe key end to end (outbox → NATS msgID → inbox). */
export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().regex(/^[a-z]+\.[a-z_]+\.[a-z_]+$/),
  occurredAt: z.string(),
  correlationId: z.string(),
  causationId: z.string().optional(),
  /**
   * Aggregate version: the producer's outbox sequence number. The producer writes an aggregate's events under that
   * aggregate's row lock, so a later change of one aggregate always has a higher version; a projection ignores an
   * event older than what it holds (a late redelivery or a replay cannot put old state back). Absent on events
   * recorded before versions existed.
   */
  version: z.number().int().positive().optional(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

/** Subjects are `<service>.<entity>.<event>`. */
/** What a guest's follow-up link token is sealed for on its way from svc-tasks to the mailer (tasks.guest_link.issued). */
export const guestLinkSealPurpose = 'tasks.guest_link.access_token';

export const eventTypes = {
  userRegistered: 'identity.user.registered',
  userApproved: 'identity.user.approved',
  userRejected: 'identity.user.rejected',
  userBlocked: 'identity.user.blocked',
  userUnblocked: 'identity.user.unblocked',
  userDeleted: 'identity.user.deleted',
  /** A user's name, e-mail or company changed (profile edit, admin correction). */
  userUpdated: 'identity.user.updated',
  /** What a carrier's public profile shows from identity changed (CVR, its verification, insurance). */
  carrierProfileUpdated: 'identity.carrier.profile_updated',
  /**
   * The user holds this verified e-mail: on verification, at every sign-in with a verified e-mail, and in the directory
   * backfill. svc-tasks remembers it, so the user may take a guest task of that e-mail into the account by the link
   * ('Knyt opgaven til min konto'), and carries out such a claim made before the e-mail was verified. It never
   * attaches a task by itself.
   */
  userEmailVerified: 'identity.user.email_verified',
  /**
   * Sessions ended (logout, 'Log ud af alle andre', one session ended, password change or reset, block, deletion,
   * expiry): every gateway replica tails it, drops those sessions from its cache and closes their live streams at once.
   */
  sessionEnded: 'identity.session.ended',
  taskCreated: 'tasks.task.created',
  taskUpdated: 'tasks.task.updated',
  taskStatusChanged: 'tasks.task.status_changed',
  taskDeleted: 'tasks.task.deleted',
  /** A guest's task got a follow-up link; svc-identity mails it to the contact e-mail (guest follow-up, API.md). */
  guestLinkIssued: 'tasks.guest_link.issued',
  /** A task matched a carrier's load alert (once per task and carrier); svc-chat notifies, svc-identity mails. */
  alertMatched: 'tasks.alert.matched',
  /** A task's fragtbrev (freight note) was saved with a change; svc-chat tells the open pages of both parties (live). */
  freightNoteUpdated: 'tasks.freight_note.updated',
  ledgerSettingsUpdated: 'ledger.settings.updated',
  carrierListAssigned: 'ledger.carrier_list.assigned',
  carrierListUnassigned: 'ledger.carrier_list.unassigned',
  carrierListUpdated: 'ledger.carrier_list.updated',
  bidPlaced: 'bids.bid.placed',
  bidUpdated: 'bids.bid.updated',
  bidAccepted: 'bids.bid.accepted',
  bidRejected: 'bids.bid.rejected',
  taskTypeUpdated: 'tasks.task_type.updated',
  taskTypeDeleted: 'tasks.task_type.deleted',
  paymentSucceeded: 'payments.payment.succeeded',
  refundSucceeded: 'payments.refund.succeeded',
  chargeSucceeded: 'payments.charge.succeeded',
  transferCreated: 'payments.transfer.created',
  payoutStatusChanged: 'ledger.payout.status_changed',
  /** An admin booked an adjustment for a carrier or a customer (svc-ledger, POST /finance/adjustments). */
  adjustmentCreated: 'ledger.adjustment.created',
  proofAdded: 'tasks.proof.added',
  proofDeleted: 'tasks.proof.deleted',
  deletionRequestCreated: 'tasks.deletion_request.created',
  deletionRequestResolved: 'tasks.deletion_request.resolved',
  ratingCreated: 'tasks.rating.created',
  chatMessageCreated: 'chat.message.created',
  chatMessageRead: 'chat.message.read',
  liveEvent: 'chat.live.event',
} as const;
export type EventType = (typeof eventTypes)[keyof typeof eventTypes];

const userRef = z.object({ userId: z.number().int().positive() });

/** Why sessions ended (identity.session.ended); for logs and metrics, every reason ends them the same way. */
export const sessionEndReasonSchema = z.enum([
  'logout',
  'ended_by_user',
  'other_sessions_ended',
  'password_changed',
  'password_reset',
  'password_set_by_operator',
  'blocked',
  'deleted',
  'expired',
]);
export type SessionEndReason = z.infer<typeof sessionEndReasonSchema>;
/** Task events name the task and its owner (null for a guest's task). */
const taskRef = z.object({ taskId: z.number().int().positive(), userId: z.number().int().positive().nullable() });
/** Bid events name the bid, its task, its carrier and the task's owner (null for a guest's task). */
const bidRef = z.object({
  bidId: z.number().int().positive(),
  taskId: z.number().int().positive(),
  carrierId: z.number().int().positive(),
  customerId: z.number().int().positive().nullable(),
});

/**
 * The user's phone and address ('Vejnavn 1, 8000 Aarhus C') for the services' user directories: the assigned carrier's
 * contact details on a task and in its fragtbrev. Absent in events published before they were added (a projection
 * then keeps what it has).
 */
const directoryContactFields = {
  phone: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
};

export const eventPayloadSchemas = {
  [eventTypes.userRegistered]: userRef.extend({
    role: roleSchema,
    name: z.string(),
    email: z.string(),
    /** A carrier's company when known at registration. */
    company: z.string().nullable().optional(),
    ...directoryContactFields,
  }),
  [eventTypes.userUpdated]: userRef.extend({
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    /** Added for the directory backfill; absent in events published before it. */
    role: roleSchema.optional(),
    ...directoryContactFields,
    /**
     * The user has saved reg.nr. and kontonummer (profile 'Bank'): svc-ledger refuses a payout request without them.
     * Absent in events published before it (directory version 3 announces every user again with it).
     */
    hasBankDetails: z.boolean().optional(),
  }),
  [eventTypes.carrierProfileUpdated]: userRef.extend({
    cvrNumber: z.string().nullable(),
    /** The company register knows `cvrNumber`. */
    cvrVerified: z.boolean(),
    /** The latest expiry date (yyyy-mm-dd) of the carrier's insurance documents; null when none has one. */
    insuredUntil: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
    /** When the carrier registered (ISO). */
    memberSince: z.string(),
    /** The public carrier page is shown: approved and not blocked (absent in events written before it was added). */
    listed: z.boolean().optional(),
  }),
  [eventTypes.userEmailVerified]: userRef.extend({
    email: z.string(),
    role: roleSchema,
    /**
     * `verified`: the e-mail was just confirmed; `signed_in`: a session opened for a user whose e-mail is verified;
     * `announced`: the directory backfill repeats it for a user verified earlier.
     */
    reason: z.enum(['verified', 'signed_in', 'announced']),
  }),
  [eventTypes.sessionEnded]: userRef.extend({
    /** svc-identity's ids of the ended sessions (the gateway learns a session's id when it resolves it). */
    sessionIds: z.array(z.number().int().positive()).min(1),
    reason: sessionEndReasonSchema,
  }),
  [eventTypes.userApproved]: userRef.extend({ approvedBy: z.number().int().positive() }),
  [eventTypes.userRejected]: userRef.extend({ rejectedBy: z.number().int().positive() }),
  [eventTypes.userBlocked]: userRef.extend({ blockedBy: z.number().int().positive() }),
  [eventTypes.userUnblocked]: userRef.extend({ unblockedBy: z.number().int().positive() }),
  [eventTypes.userDeleted]: userRef.extend({ deletedBy: z.number().int().positive() }),
  [eventTypes.taskCreated]: taskRef.extend({
    type: taskTypeSchema,
    status: taskStatusSchema,
    isGuest: z.boolean(),
    fromPostalCode: z.string().nullable(),
    fromCity: z.string().nullable(),
    toPostalCode: z.string().nullable(),
    toCity: z.string().nullable(),
    maxBids: z.number().int().nullable(),
    createdBy: z.number().int().positive().nullable(),
  }),
  [eventTypes.taskUpdated]: taskRef.extend({
    type: taskTypeSchema,
    status: taskStatusSchema,
    /** Names of the fields that changed (snake_case task fields). */
    changed: z.array(z.string()),
    updatedBy: z.number().int().positive(),
    /**
     * The task's cities after the change (null: none could be read from the address). Absent where the change cannot
     * touch them (an owner attached) and in events written before they were added.
     */
    fromCity: z.string().nullable().optional(),
    toCity: z.string().nullable().optional(),
  }),
  [eventTypes.taskStatusChanged]: taskRef.extend({
    type: taskTypeSchema,
    from: taskStatusSchema,
    to: taskStatusSchema,
    assignedCarrierId: z.number().int().positive().nullable(),
    /** The user who changed it; null when a service did on an event. */
    changedBy: z.number().int().positive().nullable(),
    /** The task's cities, so a notification or mail can name it (null: none read); absent in older events. */
    fromCity: z.string().nullable().optional(),
    toCity: z.string().nullable().optional(),
  }),
  /**
   * The access token travels only to the mailer, sealed (`sealSecret(INTERNAL_TOKEN_SECRET, guestLinkSealPurpose,
   * token)` in libs/platform): the outbox and the stream never hold it readable, and svc-tasks keeps just its hash.
   * The link is `{PUBLIC_ORIGIN}/task/{taskId}?access={token}`. Events written before the token was sealed carry it
   * as `accessToken`.
   */
  [eventTypes.guestLinkIssued]: z
    .object({
      taskId: z.number().int().positive(),
      email: z.string(),
      sealedAccessToken: z.string().min(20).optional(),
      accessToken: z.string().min(20).optional(),
    })
    .refine((data) => data.sealedAccessToken !== undefined || data.accessToken !== undefined, 'sealedAccessToken missing'),
  /**
   * `alertId` is the alert whose e-mail setting applies (of the carrier's alerts that matched, the one that mails
   * soonest: instant before daily before off); the mail's unsubscribe link turns that alert's e-mail off.
   */
  [eventTypes.freightNoteUpdated]: taskRef.extend({
    assignedCarrierId: z.number().int().positive().nullable(),
    updatedBy: z.number().int().positive(),
  }),
  [eventTypes.alertMatched]: taskRef.extend({
    carrierId: z.number().int().positive(),
    alertId: z.number().int().positive(),
    alertName: z.string(),
    email: z.enum(['instant', 'daily', 'off']),
    type: taskTypeSchema,
    fromCity: z.string().nullable(),
    toCity: z.string().nullable(),
  }),
  [eventTypes.taskDeleted]: taskRef.extend({ deletedBy: z.number().int().positive() }),
  /** The platform settings after an admin's change; money in øre; `changed` names the fields that changed. */
  [eventTypes.ledgerSettingsUpdated]: z.object({
    feePercentage: z.number(),
    fixedFeeOre: z.number().int(),
    vatPercentage: z.number(),
    minFeeOre: z.number().int(),
    maxBids: z.number().int().positive(),
    changed: z.array(z.string()),
    updatedBy: z.number().int().positive(),
  }),
  /** A carrier was put on a list (or moved from `previousListId`); the list's fee in force from now on. */
  [eventTypes.carrierListAssigned]: userRef.extend({
    assignmentId: z.number().int().positive(),
    listId: z.number().int().positive(),
    listName: z.string(),
    feePercentage: z.number(),
    fixedFeeOre: z.number().int(),
    previousListId: z.number().int().positive().nullable(),
    assignedBy: z.number().int().positive(),
  }),
  /** A list's name or fee changed: every carrier on it pays the new fee from now on (svc-bids prices bids with it). */
  [eventTypes.carrierListUpdated]: z.object({
    listId: z.number().int().positive(),
    listName: z.string(),
    feePercentage: z.number(),
    fixedFeeOre: z.number().int(),
    changed: z.array(z.string()),
    updatedBy: z.number().int().positive(),
  }),
  /** A carrier is on no list any more (the default fee applies); `unassignedBy` null when their account was deleted. */
  [eventTypes.carrierListUnassigned]: userRef.extend({
    assignmentId: z.number().int().positive(),
    listId: z.number().int().positive(),
    unassignedBy: z.number().int().positive().nullable(),
  }),
  /** A carrier bid on a task; amounts in øre (`totalOre` is the gross the customer pays, for the browse price). */
  [eventTypes.bidPlaced]: bidRef.extend({
    netOre: z.number().int().positive(),
    totalOre: z.number().int().positive(),
    validUntil: z.string(),
    carrierListId: z.number().int().positive().nullable(),
    /** The task's bid limit in force and the bids holding a slot, this one included. */
    maxBids: z.number().int().positive(),
    activeBidCount: z.number().int().min(0),
    /** The task's type and cities as svc-bids knows them, so a notification or mail can name it; absent in older events. */
    type: taskTypeSchema.optional(),
    fromCity: z.string().nullable().optional(),
    toCity: z.string().nullable().optional(),
  }),
  /** The carrier changed a pending bid's price or validity; it was quoted again. */
  [eventTypes.bidUpdated]: bidRef.extend({
    netOre: z.number().int().positive(),
    totalOre: z.number().int().positive(),
    validUntil: z.string(),
  }),
  /** The task owner (or an admin) chose the bid: the task goes to its carrier; `rejectedBidIds` were still pending. */
  [eventTypes.bidAccepted]: bidRef.extend({
    netOre: z.number().int().positive(),
    totalOre: z.number().int().positive(),
    acceptedBy: z.number().int().positive(),
    rejectedBidIds: z.array(z.number().int().positive()),
    /** The task's type and cities as svc-bids knows them, so the chosen carrier's mail can name it; absent in older events. */
    type: taskTypeSchema.optional(),
    fromCity: z.string().nullable().optional(),
    toCity: z.string().nullable().optional(),
  }),
  /** `rejectedBy` null when it followed from something else (another bid chosen, the task reopened, the carrier removed). */
  [eventTypes.bidRejected]: bidRef.extend({
    totalOre: z.number().int().positive(),
    reason: z.enum(['rejected', 'other_bid_accepted', 'task_reopened', 'carrier_removed']),
    rejectedBy: z.number().int().positive().nullable(),
  }),
  /** A task type's bid limit set or changed by an admin (svc-tasks, /admin/task-types). */
  [eventTypes.taskTypeUpdated]: z.object({
    type: z.string().min(1),
    maxBids: z.number().int().positive(),
    updatedBy: z.number().int().positive().nullable(),
  }),
  [eventTypes.taskTypeDeleted]: z.object({ type: z.string().min(1), deletedBy: z.number().int().positive().nullable() }),
  /** A task's accepted bid was paid (svc-payments): svc-tasks marks the task paid, svc-ledger books the transaction. */
  [eventTypes.paymentSucceeded]: paymentSucceededPayloadSchema,
  [eventTypes.refundSucceeded]: refundSucceededPayloadSchema,
  [eventTypes.chargeSucceeded]: chargeSucceededPayloadSchema,
  [eventTypes.transferCreated]: transferCreatedPayloadSchema,
  [eventTypes.payoutStatusChanged]: payoutStatusChangedPayloadSchema,
  [eventTypes.adjustmentCreated]: adjustmentCreatedPayloadSchema,
  /** A pickup or delivery proof (or a failed attempt) was recorded on a task (svc-tasks, POST /tasks/{id}/proofs). */
  [eventTypes.proofAdded]: taskRef.extend({
    proofId: z.number().int().positive(),
    proofType: z.enum(['initial', 'pickup', 'delivery', 'pickup_failed', 'delivery_failed']),
    assignedCarrierId: z.number().int().positive().nullable(),
    submittedBy: z.number().int().positive(),
  }),
  [eventTypes.proofDeleted]: taskRef.extend({ proofId: z.number().int().positive(), deletedBy: z.number().int().positive() }),
  [eventTypes.deletionRequestCreated]: taskRef.extend({
    requestId: z.number().int().positive(),
    requestedBy: z.number().int().positive(),
    role: z.enum(['customer', 'carrier']),
    /** The task by type and cities and the requester's reason (since issue 25; absent in older events). */
    type: taskTypeSchema.optional(),
    fromCity: z.string().nullable().optional(),
    toCity: z.string().nullable().optional(),
    reason: z.string().nullable().optional(),
  }),
  [eventTypes.deletionRequestResolved]: taskRef.extend({
    requestId: z.number().int().positive(),
    requestedBy: z.number().int().positive(),
    status: z.enum(['approved', 'rejected']),
    resolvedBy: z.number().int().positive(),
  }),
  /** A rating of the other side of a completed task; `userType` = who rated. */
  [eventTypes.ratingCreated]: z.object({
    ratingId: z.number().int().positive(),
    taskId: z.number().int().positive(),
    customerId: z.number().int().positive(),
    carrierId: z.number().int().positive(),
    userType: z.enum(['customer', 'carrier']),
    rating: z.number().int().min(1).max(5),
  }),
  /** A chat message was stored (already redacted); the text stays in svc-chat. */
  [eventTypes.chatMessageCreated]: z.object({
    messageId: z.number().int().positive(),
    taskId: z.number().int().positive(),
    senderId: z.number().int().positive(),
    receiverId: z.number().int().positive(),
    bidId: z.number().int().positive().nullable(),
  }),
  /** The receiver read messages of a thread (the ids that were unread until now). */
  [eventTypes.chatMessageRead]: z.object({
    taskId: z.number().int().positive(),
    readerId: z.number().int().positive(),
    partnerId: z.number().int().positive(),
    messageIds: z.array(z.number().int().positive()).min(1),
  }),
  /**
   * One event for the browsers of `userIds` (GET /api/events): svc-chat turns domain events into these, every gateway
   * replica reads them all (a JetStream ordered consumer each) and writes them to those users' open streams.
   */
  [eventTypes.liveEvent]: z.object({
    userIds: z.array(z.number().int().positive()).min(1),
    type: liveEventTypeSchema,
    data: z.record(z.string(), z.unknown()),
  }),
} satisfies Record<EventType, z.ZodType>;

export type EventPayload<T extends EventType> = z.infer<(typeof eventPayloadSchemas)[T]>;

/** The payload schema for an event type, if the contracts know it. */
export function payloadSchemaFor(type: string): z.ZodType | undefined {
  return (eventPayloadSchemas as Record<string, z.ZodType>)[type];
}

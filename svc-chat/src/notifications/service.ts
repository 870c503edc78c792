import {
  carrierNotificationTexts,
  deletionRequestNotificationText,
  eventTypes,
  messages,
  moneyMessageTexts,
  notificationSubjects,
  reviewRequestTexts,
  silentTaskStatuses,
  taskNotificationTitle,
  taskStatusNotificationText,
  taskStatusNotificationType,
  type AuthUser,
  type EventEnvelope,
  type EventPayload,
  type NotificationJson,
  type NotificationList,
  type NotificationListQuery,
  type TaskStatus,
} from '@fragtbud/contracts';
import { causedBy, deletedUserName, directoryNamesOf, displayName, domainError } from '@fragtbud/platform';
import type { Knex } from 'knex';
import { publishLive } from '../live/publish';
import type { ChatContext, Db } from '../context';
import { notificationTitleOf } from '../task-facts/service';
import {
  deleteNotificationsOf,
  insertNotifications,
  latestAbout,
  listNotificationsOf,
  markNotificationRead,
  type NewNotification,
  type NotificationRow,
} from './repo';

export type TaskStatusChanged = EventPayload<typeof eventTypes.taskStatusChanged>;

export function toNotificationJson(row: NotificationRow): NotificationJson {
  return {
    id: row.id,
    task_id: row.task_id,
    user_id: row.user_id,
    type: row.type,
    kind: row.kind,
    title: row.title,
    message: row.message,
    subject: row.subject,
    data: row.data,
    is_read: row.read_at !== null,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** GET /notifications: the caller's own — whoever they are, an admin too — newest first. */
export async function getNotifications(context: ChatContext, caller: AuthUser, query: NotificationListQuery): Promise<NotificationList> {
  const rows = await listNotificationsOf(context.db, caller.id, query);
  return { items: rows.map(toNotificationJson) };
}

/** PUT /notifications/{id}/read: only the caller's own; someone else's is as unknown as a missing one (404). */
export async function readNotification(context: ChatContext, caller: AuthUser, id: number): Promise<NotificationJson> {
  const row = await markNotificationRead(context.db, caller.id, id, new Date());
  if (!row) throw domainError('notification_not_found');
  return toNotificationJson(row);
}

/**
 * The notifications one status change gives (spec section 4): the task owner hears of every change except to
 * `created` (a guest's task has no owner, so nobody does); completion also asks the customer and the assigned
 * carrier, if any, for a review. Pure, keyed by the event for the dedupe; `title` names the task.
 */
export function notificationsForStatusChange(event: EventEnvelope<TaskStatusChanged>, title: string): NewNotification[] {
  const { taskId, userId: ownerId, from, to, assignedCarrierId } = event.data;
  if (from === to || (silentTaskStatuses as readonly TaskStatus[]).includes(to)) return [];
  const about = { taskId, status: to, from, occurredAt: event.occurredAt };
  const rows: NewNotification[] = [];
  if (ownerId !== null) {
    const message = taskStatusNotificationText(to);
    rows.push({
      user_id: ownerId,
      task_id: taskId,
      type: taskStatusNotificationType(to),
      kind: 'task_status',
      title,
      message,
      subject: notificationSubjects.task_status,
      data: { body: message, ...about },
      source_event_id: event.id,
    });
  }
  if (to === 'paid' && assignedCarrierId !== null) {
    // The carrier whose bid was chosen may now collect the goods.
    const message = carrierNotificationTexts.paid;
    rows.push({
      user_id: assignedCarrierId,
      task_id: taskId,
      type: 'success',
      kind: 'task_paid_carrier',
      title,
      message,
      subject: notificationSubjects.task_paid_carrier,
      data: { body: message, ...about },
      source_event_id: event.id,
    });
  }
  if (to === 'cancelled' && assignedCarrierId !== null) {
    // The carrier of a cancelled task must not drive out for it (and gets no payout for it).
    const message = moneyMessageTexts.carrierTaskCancelled;
    rows.push({
      user_id: assignedCarrierId,
      task_id: taskId,
      type: 'error',
      kind: 'task_cancelled_carrier',
      title,
      message,
      subject: notificationSubjects.task_cancelled_carrier,
      data: { body: message, ...about },
      source_event_id: event.id,
    });
  }
  if (to === 'completed') {
    const reviewers = [
      { userId: ownerId, kind: 'review_request_customer', message: reviewRequestTexts.customer, role: 'customer' },
      { userId: assignedCarrierId, kind: 'review_request_carrier', message: reviewRequestTexts.carrier, role: 'carrier' },
    ] as const;
    for (const reviewer of reviewers) {
      if (reviewer.userId === null) continue;
      rows.push({
        user_id: reviewer.userId,
        task_id: taskId,
        type: 'info',
        kind: reviewer.kind,
        title,
        message: reviewer.message,
        subject: notificationSubjects[reviewer.kind],
        data: { body: reviewer.message, ...about, reviewAs: reviewer.role },
        source_event_id: event.id,
      });
    }
  }
  return rows;
}

/** tasks.task.status_changed → the notifications above, in the consumer's transaction, and live to each user. */
export async function notifyStatusChange(context: ChatContext, event: EventEnvelope<TaskStatusChanged>, trx: Knex.Transaction): Promise<void> {
  const { taskId, type, fromCity, toCity } = event.data;
  // The event names the task's type, and its cities where it carries them (older events: from the projection).
  const title = await notificationTitleOf(trx, taskId, fromCity === undefined ? { type } : { type, fromCity, toCity: toCity ?? null });
  const fresh = await withoutToldFacts(trx, notificationsForStatusChange(event, title));
  const created = await insertNotifications(trx, fresh);
  await sendLive(context, trx, created, event);
  if (created.length > 0) {
    context.logger.info(
      { eventId: event.id, taskId: event.data.taskId, to: event.data.to, notifications: created.map((row) => row.id) },
      'notifications created',
    );
  }
}

export type BidPlaced = EventPayload<typeof eventTypes.bidPlaced>;

/** bids.bid.placed → 'Nyt bud på din opgave' for the task's owner (a guest's task has none); once per event. */
export function notificationForNewBid(event: EventEnvelope<BidPlaced>, title: string): NewNotification[] {
  const { taskId, bidId, customerId } = event.data;
  if (customerId === null) return [];
  const message = messages.newBidNotification;
  return [
    {
      user_id: customerId,
      task_id: taskId,
      type: 'info',
      kind: 'new_bid',
      title,
      message,
      subject: notificationSubjects.new_bid,
      data: { body: message, taskId, bidId, occurredAt: event.occurredAt },
      source_event_id: event.id,
    },
  ];
}

export async function notifyNewBid(context: ChatContext, event: EventEnvelope<BidPlaced>, trx: Knex.Transaction): Promise<void> {
  const { taskId, type, fromCity, toCity } = event.data;
  // svc-bids names what it knows of the task (older events: nothing); the projection fills in the rest.
  const title = await notificationTitleOf(trx, taskId, { type, fromCity, toCity });
  const created = await insertNotifications(trx, notificationForNewBid(event, title));
  await sendLive(context, trx, created, event);
}

export type BidAccepted = EventPayload<typeof eventTypes.bidAccepted>;
export type BidRejected = EventPayload<typeof eventTypes.bidRejected>;

/**
 * What a carrier hears of the customer's choice: bids.bid.accepted → 'Dit bud er valgt' for the chosen bid's carrier;
 * bids.bid.rejected because another bid was chosen → 'Et andet bud blev valgt' for that bid's carrier. A bid rejected
 * for any other reason (by the customer, the task reopened, the carrier removed) tells nobody here.
 */
export function notificationForBidDecision(event: EventEnvelope<BidAccepted | BidRejected>, title: string): NewNotification[] {
  const { taskId, bidId, carrierId } = event.data;
  const accepted = event.type === eventTypes.bidAccepted;
  if (!accepted && (event.data as BidRejected).reason !== 'other_bid_accepted') return [];
  const kind = accepted ? 'bid_accepted' : 'bid_not_chosen';
  const message = accepted ? carrierNotificationTexts.bidAccepted : carrierNotificationTexts.otherBidChosen;
  return [
    {
      user_id: carrierId,
      task_id: taskId,
      type: accepted ? 'success' : 'info',
      kind,
      title,
      message,
      subject: notificationSubjects[kind],
      data: { body: message, taskId, bidId, occurredAt: event.occurredAt },
      source_event_id: event.id,
    },
  ];
}

/** Once per event (the table's unique key) and once per bid: a decision about a bid already told is not told again. */
export async function notifyBidDecision(
  context: ChatContext,
  event: EventEnvelope<BidAccepted | BidRejected>,
  trx: Knex.Transaction,
): Promise<void> {
  const rows = notificationForBidDecision(event, await notificationTitleOf(trx, event.data.taskId));
  const fresh: NewNotification[] = [];
  for (const row of rows) {
    const latest = await latestAbout(trx, row.user_id, event.data.taskId, row.kind);
    if (latest?.data.bidId !== event.data.bidId) fresh.push(row);
  }
  const created = await insertNotifications(trx, fresh);
  await sendLive(context, trx, created, event);
}

export type AlertMatched = EventPayload<typeof eventTypes.alertMatched>;

/**
 * tasks.alert.matched → 'Ny opgave, der passer til din jobalarm' for the alert's carrier, titled with the task
 * ('Flytning · Aarhus C → København K') and linking to it; svc-tasks tells a carrier once per task, and one event
 * gives one notification (the table's unique key).
 */
export function notificationForAlertMatch(event: EventEnvelope<AlertMatched>): NewNotification[] {
  const { taskId, carrierId, alertId, alertName, type, fromCity, toCity } = event.data;
  const message = `${messages.alertNotificationMessage}: ${alertName}`;
  return [
    {
      user_id: carrierId,
      task_id: taskId,
      type: 'info',
      kind: 'task_alert',
      title: taskNotificationTitle(taskId, { type, fromCity, toCity }),
      message,
      subject: notificationSubjects.task_alert,
      data: { body: message, taskId, alertId, link: `/task/${taskId}`, occurredAt: event.occurredAt },
      source_event_id: event.id,
    },
  ];
}

export async function notifyAlertMatch(context: ChatContext, event: EventEnvelope<AlertMatched>, trx: Knex.Transaction): Promise<void> {
  const created = await insertNotifications(trx, notificationForAlertMatch(event));
  await sendLive(context, trx, created, event);
}

/** Each new notification reaches its user's open pages at once (`notification`); a repeat created none, sends none. */
export async function sendLive(context: ChatContext, trx: Knex.Transaction, created: NotificationRow[], event: EventEnvelope): Promise<void> {
  for (const row of created) {
    await publishLive(context.outbox, trx, [row.user_id], 'notification', toNotificationJson(row), causedBy(event));
  }
}

/**
 * The same fact (task, change from → to, recipient, kind) published again under a new event id — a producer that
 * wrote it twice — is not told twice: a row is dropped when the recipient's newest notification of that kind about
 * the task tells exactly this change. The same change after another one (reopened, assigned again) is told again.
 */
async function withoutToldFacts(trx: Db, rows: NewNotification[]): Promise<NewNotification[]> {
  const fresh: NewNotification[] = [];
  for (const row of rows) {
    const latest = row.task_id === null ? undefined : await latestAbout(trx, row.user_id, row.task_id, row.kind);
    const told = latest !== undefined && latest.data.status === row.data.status && latest.data.from === row.data.from;
    if (!told) fresh.push(row);
  }
  return fresh;
}

/** identity.user.deleted: a deleted account's notifications go with it. */
export async function forgetDeletedUser(context: ChatContext, event: EventEnvelope<{ userId: number }>, trx: Db): Promise<void> {
  const removed = await deleteNotificationsOf(trx, event.data.userId);
  if (removed > 0) context.logger.info({ eventId: event.id, userId: event.data.userId, removed }, 'notifications of deleted user removed');
}

export type DeletionRequestCreated = EventPayload<typeof eventTypes.deletionRequestCreated>;

/** The admins svc-chat's user directory knows (a deleted account is not told anything). */
export async function adminIdsOf(trx: Db): Promise<number[]> {
  const rows = (await trx('user_directory').where({ role: 'admin' }).whereNot({ name: deletedUserName }).select('user_id')) as Array<{ user_id: number }>;
  return rows.map((row) => row.user_id);
}

/**
 * tasks.deletion_request.created: every admin is told (live) who asks to delete which task and why, so the request
 * is seen in the admin's inbox without anyone opening the task.
 */
export async function notifyDeletionRequest(context: ChatContext, event: EventEnvelope<DeletionRequestCreated>, trx: Knex.Transaction): Promise<void> {
  const { taskId, requestId, requestedBy, role, type, fromCity, toCity, reason } = event.data;
  const admins = await adminIdsOf(trx);
  if (admins.length === 0) return;
  const requester = (await directoryNamesOf(trx, [requestedBy])).get(requestedBy);
  const message = deletionRequestNotificationText(requester ? displayName(requester) : null, role, reason);
  const title = type ? taskNotificationTitle(taskId, { type, fromCity: fromCity ?? null, toCity: toCity ?? null }) : await notificationTitleOf(trx, taskId);
  const created = await insertNotifications(
    trx,
    admins.map((adminId) => ({
      user_id: adminId,
      task_id: taskId,
      type: 'info' as const,
      kind: 'deletion_request' as const,
      title,
      message,
      subject: notificationSubjects.deletion_request,
      data: { body: message, taskId, requestId, link: '/AdminDashboard?tab=deletionRequests', occurredAt: event.occurredAt },
      source_event_id: event.id,
    })),
  );
  if (created.length > 0) context.logger.info({ eventId: event.id, taskId, requestId, admins: created.length }, 'deletion request notifications created');
  await sendLive(context, trx, created, event);
}

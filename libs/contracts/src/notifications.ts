import { z } from 'zod';
import { limits } from './constants';
import { messages } from './messages';
import { moneyMessageSubjects } from './money-messages';
import { idField } from './pricing';
import { taskStatusLabels } from './task-status';
import { taskTypeLabels, type TaskStatus, type TaskType } from './task-types';

/*
 * Notifications (spec sections 2, 3, 4 and 9; shared/API.md "Chat and notifications"). Rows owned by svc-chat,
 * created from task events; a user only ever sees their own. Field names as spec section 3 shows them.
 */

export const notificationTypes = ['info', 'success', 'error'] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/**
 * What a notification is about. With the event that caused it, the kind is the dedupe key: one event never gives
 * one user two notifications of a kind (the customer's and the carrier's review requests are two kinds).
 */
export const notificationKinds = [
  'task_status',
  'review_request_customer',
  'review_request_carrier',
  'new_bid',
  'refund',
  'bid_accepted',
  'bid_not_chosen',
  'task_paid_carrier',
  'task_cancelled_carrier',
  'extra_charge',
  'payout_paid',
  'adjustment',
  'account_approved',
  'account_rejected',
  'account_blocked',
  'deletion_request',
  'task_alert',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * The status-update texts of spec section 4, exactly as it quotes them. Every status change except to `created`
 * notifies the task owner; a status the spec gives no text for gets `taskStatusNotificationText`'s general one.
 */
export const taskStatusNotificationTexts = {
  paid: 'Betaling bekræftet - opgaven er klar til afhentning',
  assigned: 'Carrier er tildelt opgaven',
  picked_up: 'Varerne er afhentet',
  in_transit: 'Varerne er på vej',
  delivered: 'Varerne er leveret',
  completed: 'Opgaven er afsluttet',
  cancelled: 'Opgaven er annulleret',
} as const satisfies Partial<Record<TaskStatus, string>>;

/** Statuses whose change notifies nobody. */
export const silentTaskStatuses = ['created'] as const satisfies readonly TaskStatus[];

export function taskStatusNotificationText(status: TaskStatus): string {
  return (
    (taskStatusNotificationTexts as Partial<Record<TaskStatus, string>>)[status] ??
    `Opgavens status er nu: ${taskStatusLabels[status]}`
  );
}

/** info, success or error for the bar's colour. */
export function taskStatusNotificationType(status: TaskStatus): NotificationType {
  if (status === 'cancelled') return 'error';
  if (status === 'paid' || status === 'assigned' || status === 'delivered' || status === 'completed') return 'success';
  return 'info';
}

/** Completion asks the customer and, if there is one, the carrier for a review (spec section 4). */
export const reviewRequestTexts = {
  customer: 'Opgaven er afsluttet – giv en vurdering af vognmanden',
  carrier: 'Opgaven er afsluttet – giv en vurdering af kunden',
} as const;

/**
 * What the carriers hear of their bids and of the task they won (the spec quotes no text for them): the winner when
 * the customer chooses their bid and when the task is paid; each other bidder whose pending bid fell with the choice.
 */
export const carrierNotificationTexts = {
  bidAccepted: 'Dit bud er valgt',
  otherBidChosen: 'Et andet bud blev valgt',
  paid: 'Opgaven er betalt – klar til afhentning',
} as const;

export const notificationSubjects = {
  task_status: 'Statusopdatering',
  review_request_customer: 'Giv en vurdering',
  review_request_carrier: 'Giv en vurdering',
  new_bid: 'Nyt bud',
  refund: 'Betaling refunderet',
  bid_accepted: 'Dit bud er valgt',
  bid_not_chosen: 'Bud ikke valgt',
  task_paid_carrier: 'Opgaven er betalt',
  task_cancelled_carrier: moneyMessageSubjects.carrierTaskCancelled,
  extra_charge: moneyMessageSubjects.extraCharge,
  payout_paid: moneyMessageSubjects.payoutPaid,
  adjustment: moneyMessageSubjects.adjustment,
  account_approved: moneyMessageSubjects.accountApproved,
  account_rejected: moneyMessageSubjects.accountRejected,
  account_blocked: moneyMessageSubjects.accountBlocked,
  deletion_request: 'Ny anmodning om sletning',
  task_alert: 'Jobalarm',
} as const satisfies Record<NotificationKind, string>;

import { accountNotificationKinds, moneyNotificationKinds } from './notification-kind-lists';

export { accountNotificationKinds, moneyNotificationKinds };
/** Compile-time only: every account kind is a notification kind (a type error otherwise). */
type Holds<T extends true> = T;
export type AccountNotificationKindsAreKinds = Holds<(typeof accountNotificationKinds)[number] extends NotificationKind ? true : false>;
export type MoneyNotificationKindsAreKinds = Holds<(typeof moneyNotificationKinds)[number] extends NotificationKind ? true : false>;

/** The admins' notification of a deletion request: who asks to delete which task, and why. */
export function deletionRequestNotificationText(requester: string | null, role: 'customer' | 'carrier', reason: string | null | undefined): string {
  const who = requester ?? (role === 'carrier' ? 'Vognmanden' : 'Kunden');
  const why = reason?.trim() ? ` Begrundelse: ${reason.trim()}` : '';
  return `${who} (${role === 'carrier' ? 'vognmand' : 'kunde'}) anmoder om at få opgaven slettet.${why}`;
}

/** What a title names a task by, as far as the notifying service was told (null: not told, or the task has none). */
export interface TaskTitleFacts {
  type: TaskType | null;
  fromCity: string | null;
  toCity: string | null;
}

/** The room each city gets in a title; a longer one is cut short with '…' (a city parsed from an address can run on). */
export const taskTitleCityMax = 40;

/**
 * The title the bar and the list show above the text: the task by its type and route
 * ('Flytning · Aarhus C → København K'); by type and number when a city is unknown ('Flytning #12'); by number alone
 * when not even the type is known ('Opgave #12').
 */
export function taskNotificationTitle(taskId: number, facts?: TaskTitleFacts): string {
  if (!facts?.type) return `Opgave #${taskId}`;
  const label = taskTypeLabels[facts.type];
  const from = cityForTitle(facts.fromCity);
  const to = cityForTitle(facts.toCity);
  return from && to ? `${label} · ${from} → ${to}` : `${label} #${taskId}`;
}

function cityForTitle(city: string | null): string | null {
  const text = city?.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  const characters = [...text];
  return characters.length <= taskTitleCityMax ? text : `${characters.slice(0, taskTitleCityMax - 1).join('').trimEnd()}…`;
}

/** The highest `limit` GET /notifications takes; the bar asks for 5 (spec section 9). */
export const notificationListLimitMax = 50;
export const notificationListLimitDefault = limits.listPageLimitDefault;

// ---- the API ----

/** A notification as GET /notifications and PUT /notifications/{id}/read answer it. */
export const notificationSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int().nullable(),
  user_id: z.number().int(),
  type: notificationTypeSchema,
  kind: notificationKindSchema,
  title: z.string(),
  message: z.string(),
  subject: z.string(),
  /** `body` is the text (as `message`); the rest says what it is about (task, status, …). */
  data: z.looseObject({ body: z.string() }),
  is_read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationJson = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ items: z.array(notificationSchema) });
export type NotificationList = z.infer<typeof notificationListSchema>;

const lastOf = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);
const blankToUndefined = (value: unknown) => {
  const last = lastOf(value);
  return typeof last === 'string' && last.trim() === '' ? undefined : last;
};
const wholeNumber = (value: unknown) => (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value);
const yesNo = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  return value;
};

/** GET /notifications?unread=1&limit=5 — unread only when `unread` is 1/true; newest first; limit 1–50 (default 20). */
export const notificationListQuerySchema = z.object({
  unread: z
    .preprocess((value) => yesNo(blankToUndefined(value)), z.boolean({ error: messages.invalidYesNo }).optional())
    .transform((unread) => unread ?? false),
  limit: z
    .preprocess(
      (value) => wholeNumber(blankToUndefined(value)),
      z
        .number({ error: messages.notificationLimitRange })
        .int(messages.notificationLimitRange)
        .min(1, messages.notificationLimitRange)
        .max(notificationListLimitMax, messages.notificationLimitRange)
        .optional(),
    )
    .transform((limit) => limit ?? notificationListLimitDefault),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

/** The :id of PUT /notifications/{id}/read. */
export const notificationIdSchema = idField(messages.invalidNotificationId);

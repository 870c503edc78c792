import {
  eventTypes,
  moneyMessageTexts,
  notificationSubjects,
  type EventEnvelope,
  type EventPayload,
  type NotificationKind,
  type NotificationType,
} from '@fragtbud/contracts';
import { causedBy } from '@fragtbud/platform';
import type { Knex } from 'knex';
import type { ChatContext } from '../context';
import { notificationTitleOf } from '../task-facts/service';
import { insertNotifications, type NewNotification } from './repo';
import { publishLive } from '../live/publish';
import { adminIdsOf, sendLive } from './service';

/*
 * The notifications of money and account changes (issue 25): one consumer per fact, each keyed by its event (the
 * table's unique (source event, kind)), so a redelivered event tells nobody twice. The texts are the mails' texts
 * (libs/contracts money-messages), so the bar and the inbox say the same.
 */

const accountTitle = 'Din konto';
const moneyTitle = 'Økonomi';

interface Told {
  userId: number;
  taskId: number | null;
  kind: NotificationKind;
  type: NotificationType;
  message: string;
  data: Record<string, unknown>;
}

async function tell(context: ChatContext, trx: Knex.Transaction, event: EventEnvelope, told: Told): Promise<void> {
  const title = told.taskId === null ? (told.kind.startsWith('account_') ? accountTitle : moneyTitle) : await notificationTitleOf(trx, told.taskId);
  const row: NewNotification = {
    user_id: told.userId,
    task_id: told.taskId,
    type: told.type,
    kind: told.kind,
    title,
    message: told.message,
    subject: notificationSubjects[told.kind],
    data: { body: told.message, ...(told.taskId === null ? {} : { taskId: told.taskId }), ...told.data, occurredAt: event.occurredAt },
    source_event_id: event.id,
  };
  const created = await insertNotifications(trx, [row]);
  await sendLive(context, trx, created, event);
  if (created.length > 0) context.logger.info({ eventId: event.id, userId: told.userId, kind: told.kind }, 'money notification created');
}

/** payments.refund.succeeded: the customer hears how much went back to the card, and when it arrives. */
export async function notifyRefund(
  context: ChatContext,
  event: EventEnvelope<EventPayload<typeof eventTypes.refundSucceeded>>,
  trx: Knex.Transaction,
): Promise<void> {
  const { taskId, customerId, amountOre } = event.data;
  await tell(context, trx, event, {
    userId: customerId,
    taskId,
    kind: 'refund',
    type: 'info',
    message: moneyMessageTexts.refund(amountOre),
    data: { amount: amountOre / 100 },
  });
}

/** payments.charge.succeeded: the customer hears the extra fee's amount and the reason the admin typed. */
export async function notifyExtraCharge(
  context: ChatContext,
  event: EventEnvelope<EventPayload<typeof eventTypes.chargeSucceeded>>,
  trx: Knex.Transaction,
): Promise<void> {
  const { taskId, customerId, amountOre, reason, vatIncluded } = event.data;
  await tell(context, trx, event, {
    userId: customerId,
    taskId,
    kind: 'extra_charge',
    type: 'info',
    message: moneyMessageTexts.extraCharge(amountOre, reason, vatIncluded ?? true),
    data: { amount: amountOre / 100, reason, chargeId: event.data.chargeId },
  });
}

/** ledger.payout.status_changed to paid: the carrier hears that the money is on its way to their account. */
export async function notifyPayoutPaid(
  context: ChatContext,
  event: EventEnvelope<EventPayload<typeof eventTypes.payoutStatusChanged>>,
  trx: Knex.Transaction,
): Promise<void> {
  const { carrierId, to, from, amountGrossOre, payoutId } = event.data;
  if (carrierId === null || to !== 'paid' || from === 'paid') return;
  await tell(context, trx, event, {
    userId: carrierId,
    taskId: null,
    kind: 'payout_paid',
    type: 'success',
    message: moneyMessageTexts.payoutPaid(amountGrossOre),
    data: { amount: amountGrossOre / 100, payoutId },
  });
}

/** ledger.adjustment.created: the person it concerns hears the amount (with its sign) and the reason. */
export async function notifyAdjustment(
  context: ChatContext,
  event: EventEnvelope<EventPayload<typeof eventTypes.adjustmentCreated>>,
  trx: Knex.Transaction,
): Promise<void> {
  const { userId, taskId, amountOre, reason, vatIncluded, adjustmentId } = event.data;
  await tell(context, trx, event, {
    userId,
    taskId,
    kind: 'adjustment',
    type: 'info',
    message: moneyMessageTexts.adjustment(amountOre, reason, vatIncluded ?? false),
    data: { amount: amountOre / 100, reason, adjustmentId },
  });
}

const decisions = {
  [eventTypes.userApproved]: { kind: 'account_approved', type: 'success', message: moneyMessageTexts.accountApproved },
  [eventTypes.userRejected]: { kind: 'account_rejected', type: 'error', message: moneyMessageTexts.accountRejected },
  [eventTypes.userBlocked]: { kind: 'account_blocked', type: 'error', message: moneyMessageTexts.accountBlocked },
} as const;
export type AccountDecisionEvent =
  | EventPayload<typeof eventTypes.userApproved>
  | EventPayload<typeof eventTypes.userRejected>
  | EventPayload<typeof eventTypes.userBlocked>;

const decidedStatus = {
  [eventTypes.userApproved]: 'approved',
  [eventTypes.userRejected]: 'rejected',
  [eventTypes.userBlocked]: 'blocked',
} as const;

/**
 * identity.user.approved / rejected / blocked: the user hears the admin's decision; the notification reaches their
 * open pages live, and the page refreshes its session on it (libs/web), so 'afventer godkendelse' goes at once. Every
 * admin's open page gets `account.status` in the same transaction, so the users and carriers lists show the new state
 * without a reload (also another admin's, and the deciding admin's other tabs).
 */
export async function notifyAccountDecision(context: ChatContext, event: EventEnvelope<AccountDecisionEvent>, trx: Knex.Transaction): Promise<void> {
  const decision = decisions[event.type as keyof typeof decisions];
  if (!decision) return;
  await tell(context, trx, event, { userId: event.data.userId, taskId: null, kind: decision.kind, type: decision.type, message: decision.message, data: {} });
  const status = decidedStatus[event.type as keyof typeof decidedStatus];
  await publishLive(context.outbox, trx, await adminIdsOf(trx), 'account.status', { userId: event.data.userId, status }, causedBy(event));
}

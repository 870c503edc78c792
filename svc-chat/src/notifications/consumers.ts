import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { ChatContext } from '../context';
import { understood } from '../understood';
import { notifyAccountDecision, notifyAdjustment, notifyExtraCharge, notifyPayoutPaid, notifyRefund, type AccountDecisionEvent } from './money-notifications';
import { forgetDeletedUser, notifyAlertMatch, notifyBidDecision, notifyDeletionRequest, notifyNewBid, notifyStatusChange } from './service';

/** Durable names; the bus durable is `chat-<name>`. Never rename one: a new name starts from the stream's start. */
export const notificationDurables = {
  taskStatus: 'notifications-task-status',
  userDeleted: 'notifications-user-deleted',
  newBid: 'notifications-new-bid',
  refunds: 'notifications-refunds',
  bidDecisions: 'notifications-bid-decisions',
  charges: 'notifications-charges',
  payouts: 'notifications-payouts',
  adjustments: 'notifications-adjustments',
  accountDecisions: 'notifications-account-decisions',
  deletionRequests: 'notifications-deletion-requests',
  taskAlerts: 'notifications-task-alerts',
} as const;

export function notificationConsumers(context: ChatContext): ConsumerDefinition[] {
  return [
    consume<EventPayload<typeof eventTypes.taskStatusChanged>>({
      durable: notificationDurables.taskStatus,
      subjects: [eventTypes.taskStatusChanged],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await notifyStatusChange(context, event, trx);
      },
    }),
    consume<EventPayload<typeof eventTypes.bidPlaced>>({
      durable: notificationDurables.newBid,
      subjects: [eventTypes.bidPlaced],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await notifyNewBid(context, event, trx);
      },
    }),
    consume<EventPayload<typeof eventTypes.bidAccepted | typeof eventTypes.bidRejected>>({
      durable: notificationDurables.bidDecisions,
      subjects: [eventTypes.bidAccepted, eventTypes.bidRejected],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await notifyBidDecision(context, event, trx);
      },
    }),
    consume<EventPayload<typeof eventTypes.alertMatched>>({
      durable: notificationDurables.taskAlerts,
      subjects: [eventTypes.alertMatched],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await notifyAlertMatch(context, event, trx);
      },
    }),
    consume<EventPayload<typeof eventTypes.userDeleted>>({
      durable: notificationDurables.userDeleted,
      subjects: [eventTypes.userDeleted],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await forgetDeletedUser(context, event, trx);
      },
    }),
    consume<EventPayload<typeof eventTypes.deletionRequestCreated>>({
      durable: notificationDurables.deletionRequests,
      subjects: [eventTypes.deletionRequestCreated],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await notifyDeletionRequest(context, event, trx);
      },
    }),
    consume<EventPayload<typeof eventTypes.refundSucceeded>>({
      durable: notificationDurables.refunds,
      subjects: [eventTypes.refundSucceeded],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await notifyRefund(context, event, trx);
      },
    }),
    consume<EventPayload<typeof eventTypes.chargeSucceeded>>({
      durable: notificationDurables.charges,
      subjects: [eventTypes.chargeSucceeded],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await notifyExtraCharge(context, event, trx);
      },
    }),
    consume<EventPayload<typeof eventTypes.payoutStatusChanged>>({
      durable: notificationDurables.payouts,
      subjects: [eventTypes.payoutStatusChanged],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await notifyPayoutPaid(context, event, trx);
      },
    }),
    consume<EventPayload<typeof eventTypes.adjustmentCreated>>({
      durable: notificationDurables.adjustments,
      subjects: [eventTypes.adjustmentCreated],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await notifyAdjustment(context, event, trx);
      },
    }),
    consume<AccountDecisionEvent>({
      durable: notificationDurables.accountDecisions,
      subjects: [eventTypes.userApproved, eventTypes.userRejected, eventTypes.userBlocked],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await notifyAccountDecision(context, event, trx);
      },
    }),
  ];
}

import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { ChatContext } from '../context';
import { understood } from '../understood';
import { forgetDeletedUser, notifyAlertMatch, notifyBidDecision, notifyNewBid, notifyRefund, notifyStatusChange } from './service';

/** Durable names; the bus durable is `chat-<name>`. Never rename one: a new name starts from the stream's start. */
export const notificationDurables = {
  taskStatus: 'notifications-task-status',
  userDeleted: 'notifications-user-deleted',
  newBid: 'notifications-new-bid',
  refunds: 'notifications-refunds',
  bidDecisions: 'notifications-bid-decisions',
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
    consume<EventPayload<typeof eventTypes.refundSucceeded>>({
      durable: notificationDurables.refunds,
      subjects: [eventTypes.refundSucceeded],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await notifyRefund(context, event, trx);
      },
    }),
  ];
}

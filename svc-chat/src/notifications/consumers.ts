import { eventTypes, payloadSchemaFor, type EventEnvelope, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition, type Logger } from '@fragtbud/platform';
import type { ChatContext } from '../context';
import { forgetDeletedUser, notifyStatusChange } from './service';

/** Durable names; the bus durable is `chat-<name>`. Never rename one: a new name starts from the stream's start. */
export const notificationDurables = {
  taskStatus: 'notifications-task-status',
  userDeleted: 'notifications-user-deleted',
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
    consume<EventPayload<typeof eventTypes.userDeleted>>({
      durable: notificationDurables.userDeleted,
      subjects: [eventTypes.userDeleted],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await forgetDeletedUser(context, event, trx);
      },
    }),
  ];
}

/** A payload outside the contract would fail the same way on every redelivery: skip it loudly, never block the durable. */
function understood(event: EventEnvelope, logger: Logger): boolean {
  const result = payloadSchemaFor(event.type)?.safeParse(event.data);
  if (result?.success) return true;
  logger.warn({ eventId: event.id, type: event.type, issues: result?.error.issues }, `${event.type} payload not understood; skipped`);
  return false;
}

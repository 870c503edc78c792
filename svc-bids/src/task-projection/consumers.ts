import { eventTypes, payloadSchemaFor, type EventEnvelope, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition, type Logger } from '@fragtbud/platform';
import { withdrawAcceptanceOnReopen } from '../bids/service';
import type { BidsContext } from '../context';
import {
  onPlatformSettingsUpdated,
  onTaskCreated,
  onTaskDeleted,
  onTaskStatusChanged,
  onTaskTypeDeleted,
  onTaskTypeUpdated,
  onTaskUpdated,
} from './service';

type Payloads = { [T in (typeof eventTypes)[keyof typeof eventTypes]]: EventPayload<T> };

/**
 * What svc-bids keeps of other services: tasks (one durable, so a task's events apply in order), task-type and
 * platform bid limits.
 */
export function taskProjectionConsumers(context: BidsContext): ConsumerDefinition[] {
  return [
    consume({
      durable: 'task-projection',
      subjects: [eventTypes.taskCreated, eventTypes.taskUpdated, eventTypes.taskStatusChanged, eventTypes.taskDeleted],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        const now = context.now();
        switch (event.type) {
          case eventTypes.taskCreated:
            return onTaskCreated(trx, event.data as Payloads[typeof eventTypes.taskCreated], now);
          case eventTypes.taskUpdated:
            return onTaskUpdated(trx, event.data as Payloads[typeof eventTypes.taskUpdated], now);
          case eventTypes.taskStatusChanged: {
            const typed = event as typeof event & { data: Payloads[typeof eventTypes.taskStatusChanged] };
            await onTaskStatusChanged(trx, typed.data, now);
            return withdrawAcceptanceOnReopen(context, trx, typed);
          }
          case eventTypes.taskDeleted:
            return onTaskDeleted(trx, event.data as Payloads[typeof eventTypes.taskDeleted], now);
        }
      },
    }),
    consume({
      durable: 'task-type-limits',
      subjects: [eventTypes.taskTypeUpdated, eventTypes.taskTypeDeleted],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        if (event.type === eventTypes.taskTypeUpdated) {
          return onTaskTypeUpdated(trx, event.data as Payloads[typeof eventTypes.taskTypeUpdated], context.now());
        }
        return onTaskTypeDeleted(trx, event.data as Payloads[typeof eventTypes.taskTypeDeleted]);
      },
    }),
    consume({
      durable: 'platform-limits',
      subjects: [eventTypes.ledgerSettingsUpdated],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        await onPlatformSettingsUpdated(trx, event.data as Payloads[typeof eventTypes.ledgerSettingsUpdated], context.now());
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

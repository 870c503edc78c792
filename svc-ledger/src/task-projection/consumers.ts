import { eventTypes, eventPayloadSchemas, type EventEnvelope, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { LedgerContext } from '../context';
import { saveCreatedTask, saveTaskStatus } from './repo';

type TaskEvent = typeof eventTypes.taskCreated | typeof eventTypes.taskStatusChanged;

/** The event's payload, or null (logged) when it is not the contract's shape: such an event is skipped. */
function payloadOf<T extends TaskEvent>(context: Pick<LedgerContext, 'logger'>, type: T, event: EventEnvelope): EventPayload<T> | null {
  const parsed = eventPayloadSchemas[type].safeParse(event.data);
  if (parsed.success) return parsed.data as EventPayload<T>;
  context.logger.error({ eventId: event.id, type, issues: parsed.error.issues }, 'task event not understood; skipped');
  return null;
}

/**
 * The ledger keeps each task's status (svc-tasks owns the task): a carrier has earned a transaction's payout once
 * its task is completed (shared/API.md, money flow). Events of one durable come in order, so the last one wins.
 * A task is known from its creation on, so an admin's payout or adjustment may name it before its status moves.
 */
export function taskProjectionConsumers(context: Pick<LedgerContext, 'logger'>): ConsumerDefinition[] {
  return [
    consume({
      durable: 'finance-task-created',
      subjects: [eventTypes.taskCreated],
      handle: async (event, trx) => {
        const data = payloadOf(context, eventTypes.taskCreated, event);
        if (!data) return;
        await saveCreatedTask(trx, {
          task_id: data.taskId,
          status: data.status,
          customer_id: data.userId,
          type: data.type,
          from_city: data.fromCity,
          to_city: data.toCity,
        });
      },
    }),
    consume({
      durable: 'finance-task-status',
      subjects: [eventTypes.taskStatusChanged],
      handle: async (event, trx) => {
        const data = payloadOf(context, eventTypes.taskStatusChanged, event);
        if (!data) return;
        await saveTaskStatus(trx, {
          task_id: data.taskId,
          status: data.to,
          customer_id: data.userId,
          carrier_id: data.assignedCarrierId,
          type: data.type,
          from_city: data.fromCity,
          to_city: data.toCity,
        });
      },
    }),
  ];
}

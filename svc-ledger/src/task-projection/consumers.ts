import { eventTypes, eventPayloadSchemas } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { LedgerContext } from '../context';
import { saveTaskStatus } from './repo';

/**
 * The ledger keeps each task's status (svc-tasks owns the task): a carrier has earned a transaction's payout once
 * its task is completed (shared/API.md, money flow). Events of one durable come in order, so the last one wins.
 */
export function taskProjectionConsumers(context: Pick<LedgerContext, 'logger'>): ConsumerDefinition[] {
  return [
    consume({
      durable: 'finance-task-status',
      subjects: [eventTypes.taskStatusChanged],
      handle: async (event, trx) => {
        const parsed = eventPayloadSchemas[eventTypes.taskStatusChanged].safeParse(event.data);
        if (!parsed.success) {
          context.logger.error({ eventId: event.id, issues: parsed.error.issues }, 'task status event not understood; skipped');
          return;
        }
        const data = parsed.data;
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

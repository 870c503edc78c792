import { eventTypes, payloadSchemaFor, type EventEnvelope } from '@fragtbud/contracts';
import { causedBy, consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { findTaskById } from '../tasks/repo';
import { forgetCarrierAlerts, matchTaskToAlerts } from './service';

/** Durable names; never rename one (a new name starts from the stream's start). */
export const alertDurables = { taskMatches: 'alert-matches', deletedCarriers: 'alert-deleted-carriers' } as const;

/**
 * A task created, edited or moved to open_for_bids (an admin's review, a reopening) is matched against the alerts as
 * it is now, read in the consumer's transaction; the task's own events drive it, so every path that opens a task
 * is covered and the request that changed it does not wait for the matching.
 */
export function alertConsumers(context: Pick<TasksContext, 'outbox' | 'logger' | 'db'>): ConsumerDefinition[] {
  return [
    consume<{ taskId: number }>({
      durable: alertDurables.taskMatches,
      subjects: [eventTypes.taskCreated, eventTypes.taskUpdated, eventTypes.taskStatusChanged],
      // The creator or editor of the task never reads the matches (carriers are told): their next request must not
      // wait for the matching (under NATS each waited for it; while NATS was down, 5 s each).
      writerReads: false,
      handle: async (event, trx) => {
        if (!understood(event, context)) return;
        const task = await findTaskById(trx, event.data.taskId);
        if (task) await matchTaskToAlerts(trx, context, task, causedBy(event));
      },
    }),
    consume<{ userId: number }>({
      durable: alertDurables.deletedCarriers,
      subjects: [eventTypes.userDeleted],
      handle: async (event, trx) => {
        if (!understood(event, context)) return;
        await forgetCarrierAlerts(trx, event.data.userId);
      },
    }),
  ];
}

function understood(event: EventEnvelope, context: Pick<TasksContext, 'logger'>): boolean {
  const parsed = payloadSchemaFor(event.type)?.safeParse(event.data);
  if (parsed?.success) return true;
  context.logger.warn({ eventId: event.id, type: event.type }, `${event.type} payload not understood; skipped`);
  return false;
}

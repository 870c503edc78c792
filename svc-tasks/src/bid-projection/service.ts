import { eventTypes, isTaskEditable, payloadSchemaFor, type EventEnvelope, type EventPayload } from '@fragtbud/contracts';
import { causedBy, type Logger, type Outbox } from '@fragtbud/platform';
import type { Knex } from 'knex';
import { findTaskById, lockTaskById, updateTask } from '../tasks/repo';
import { recordTaskBidder, recountBids, saveBidLimit, saveProjectedBid, type ProjectedBidStatus } from './repo';

type BidEvent =
  | EventEnvelope<EventPayload<typeof eventTypes.bidPlaced>>
  | EventEnvelope<EventPayload<typeof eventTypes.bidUpdated>>
  | EventEnvelope<EventPayload<typeof eventTypes.bidAccepted>>
  | EventEnvelope<EventPayload<typeof eventTypes.bidRejected>>;

const statusAfter: Record<string, ProjectedBidStatus> = {
  [eventTypes.bidPlaced]: 'pending',
  [eventTypes.bidUpdated]: 'pending',
  [eventTypes.bidAccepted]: 'accepted',
  [eventTypes.bidRejected]: 'rejected',
};

/**
 * Keeps the task's bid figures in step with svc-bids: the bid itself (status and gross total), the carrier among the
 * task's bidders, then bid_count and lowest_bid_ore counted again — so order, repeats and rejections all come out right.
 */
export async function projectBid(trx: Knex.Transaction, event: BidEvent, logger: Logger): Promise<void> {
  if (!understood(event, logger)) return;
  const { bidId, taskId, carrierId, totalOre } = event.data;
  if (!(await findTaskById(trx, taskId))) {
    logger.warn({ eventId: event.id, taskId, bidId }, `${event.type} for a task svc-tasks does not have; skipped`);
    return;
  }
  const status = statusAfter[event.type];
  if (!status) return;
  await saveProjectedBid(
    trx,
    {
      bid_id: bidId,
      task_id: taskId,
      carrier_id: carrierId,
      status,
      total_ore: totalOre,
      lost_to_choice: event.type === eventTypes.bidRejected && (event.data as EventPayload<typeof eventTypes.bidRejected>).reason === 'other_bid_accepted',
      version: event.version ?? null,
    },
    new Date(),
  );
  await recordTaskBidder(trx, taskId, carrierId);
  if (event.type === eventTypes.bidPlaced) await saveBidLimit(trx, taskId, (event.data as EventPayload<typeof eventTypes.bidPlaced>).maxBids);
  await recountBids(trx, taskId);
}

/**
 * A bid was accepted in svc-bids: the task is assigned to its carrier, with the usual status event. Repeats change
 * nothing. While the task is still before acceptance (open for bids — or moved back to review or created while the
 * customer was choosing) the customer's choice wins, so both services end in the same state; a task already past
 * that (cancelled, assigned to someone else, paid …) is left alone and the mismatch is logged for an admin.
 */
export async function assignOnAcceptance(
  trx: Knex.Transaction,
  event: EventEnvelope<EventPayload<typeof eventTypes.bidAccepted>>,
  context: { outbox: Outbox; logger: Logger },
): Promise<void> {
  if (!understood(event, context.logger)) return;
  const { taskId, carrierId, bidId } = event.data;
  const task = await lockTaskById(trx, taskId);
  if (!task) {
    context.logger.warn({ eventId: event.id, taskId, bidId }, 'accepted bid for a task svc-tasks does not have; skipped');
    return;
  }
  if (task.status === 'assigned' && task.assigned_carrier_id === carrierId) return;
  if (!isTaskEditable(task.status)) {
    context.logger.warn(
      { eventId: event.id, taskId, bidId, status: task.status, assignedCarrierId: task.assigned_carrier_id },
      'accepted bid for a task no longer open for it; task left as it is',
    );
    return;
  }
  await updateTask(trx, taskId, { status: 'assigned', assigned_carrier_id: carrierId }, new Date());
  await context.outbox.add(
    trx,
    eventTypes.taskStatusChanged,
    {
      taskId,
      userId: task.user_id,
      type: task.type,
      from: task.status,
      to: 'assigned',
      assignedCarrierId: carrierId,
      changedBy: null,
      fromCity: task.from_city,
      toCity: task.to_city,
    } satisfies EventPayload<typeof eventTypes.taskStatusChanged>,
    causedBy(event),
  );
}

/** A payload outside the contract would fail the same way on every redelivery: skip it loudly, never block the durable. */
function understood(event: EventEnvelope, logger: Logger): boolean {
  const result = payloadSchemaFor(event.type)?.safeParse(event.data);
  if (result?.success) return true;
  logger.warn({ eventId: event.id, type: event.type, issues: result?.error.issues }, `${event.type} payload not understood; skipped`);
  return false;
}

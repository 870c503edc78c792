import {
  canTransition,
  eventTypes,
  paymentSucceededPayloadSchema,
  type EventEnvelope,
  type EventPayload,
} from '@fragtbud/contracts';
import { causedBy, type Logger, type Outbox } from '@fragtbud/platform';
import type { Knex } from 'knex';
import { lockTaskById, updateTask } from '../tasks/repo';

/**
 * The task's accepted bid was paid (svc-payments): the task goes from assigned to paid, with the usual status
 * event (svc-chat notifies the owner 'Betaling bekræftet …'). The move is the state machine's system transition;
 * a repeat, or a task already past assigned (the carrier picked up first, an admin marked it paid), changes nothing.
 */
export async function markPaid(
  trx: Knex.Transaction,
  event: EventEnvelope,
  context: { outbox: Outbox; logger: Logger },
): Promise<void> {
  const parsed = paymentSucceededPayloadSchema.safeParse(event.data);
  if (!parsed.success) {
    // Redelivery would not fix the payload: skip it loudly rather than block the durable.
    context.logger.warn({ eventId: event.id, issues: parsed.error.issues }, `${event.type} payload not understood; skipped`);
    return;
  }
  const { taskId, carrierId, paymentId } = parsed.data;
  const task = await lockTaskById(trx, taskId);
  if (!task) {
    context.logger.warn({ eventId: event.id, taskId, paymentId }, 'payment for a task svc-tasks does not have; skipped');
    return;
  }
  if (task.status === 'paid') return;
  if (task.status === 'open_for_bids') {
    // Paid on svc-bids' word before the acceptance reached us (events delayed): wait for it, the event comes again.
    throw new Error(`payment ${paymentId} for task ${taskId} arrived before its acceptance; redelivering`);
  }
  if (task.assigned_carrier_id !== null && task.assigned_carrier_id !== carrierId) {
    context.logger.error(
      { eventId: event.id, taskId, paymentId, carrierId, assignedCarrierId: task.assigned_carrier_id },
      'payment for another carrier than the task is assigned to; task left as it is',
    );
    return;
  }
  // Paid is recorded whatever the status: the carrier may have picked up from assigned before the customer paid.
  if (task.paid_at === null) await updateTask(trx, taskId, { paid_at: new Date(succeededAtOf(parsed.data)) }, new Date());
  if (!canTransition(task.status, 'paid', 'system')) {
    context.logger.warn({ eventId: event.id, taskId, paymentId, status: task.status }, 'payment for a task not awaiting it; task left as it is');
    return;
  }
  const updated = await updateTask(trx, taskId, { status: 'paid', paid_at: task.paid_at ?? new Date(succeededAtOf(parsed.data)) }, new Date());
  await context.outbox.add(
    trx,
    eventTypes.taskStatusChanged,
    {
      taskId,
      userId: task.user_id,
      type: task.type,
      from: task.status,
      to: 'paid',
      assignedCarrierId: updated.assigned_carrier_id,
      changedBy: null,
      fromCity: updated.from_city,
      toCity: updated.to_city,
    } satisfies EventPayload<typeof eventTypes.taskStatusChanged>,
    causedBy(event),
  );
}

/** The payment's time, or now when the event's is not a date. */
function succeededAtOf(payment: { succeededAt: string }): number {
  const at = Date.parse(payment.succeededAt);
  return Number.isNaN(at) ? Date.now() : at;
}

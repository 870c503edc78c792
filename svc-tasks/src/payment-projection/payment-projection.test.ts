/**
 * svc-tasks' side of payments: a succeeded payment
 * (payments.payment.succeeded) moves the assigned task to paid, with the usual status event, once.
 */
import { eventTypes, quote, taskSchema, type AuthUser, type EventEnvelope, type PaymentSucceededPayload } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignByAcceptance, startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const owner = user('customer');

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

const db = () => tasks.db;
const taskRow = (id: number) => db()('tasks').where({ id }).first();

const publish = (type: string, data: object): Promise<EventEnvelope> => tasks.publish(type, data);

async function newTask(as: AuthUser = owner): Promise<number> {
  const reply = await tasks.call('POST', '/tasks', { as, body: taskBody('moving') });
  expect(reply.status).toBe(201);
  return reply.body.id as number;
}

let nextId = 1;

/** The task assigned to a carrier the way svc-bids' acceptance does it. */
async function assignedTask(carrier = user('carrier')): Promise<{ taskId: number; carrier: AuthUser; bidId: number }> {
  const taskId = await newTask();
  const bidId = nextId++;
  await assignByAcceptance(tasks, { taskId, carrierId: carrier.id, customerId: owner.id, bidId });
  return { taskId, carrier, bidId };
}

function payment(taskId: number, carrierId: number, bidId: number, paymentId = nextId++): PaymentSucceededPayload {
  const settings = { feePercentage: 10, fixedFeeOre: 2_000, vatPercentage: 25, minFeeOre: 3_000 };
  const carrierFee = { feePercentage: 10, fixedFeeOre: 0 };
  const q = quote({ netOre: 100_000, settings, carrierFee });
  return {
    paymentId,
    taskId,
    bidId,
    customerId: owner.id,
    carrierId,
    amountOre: q.totalOre,
    currency: 'DKK',
    provider: 'mock',
    providerPaymentId: `mock_pi_${paymentId}`,
    snapshot: { quote: q, vatPercentage: 25, carrierFee, carrierListId: null },
    succeededAt: new Date().toISOString(),
  };
}

async function statusEvents(taskId: number, to: string): Promise<Record<string, unknown>[]> {
  const rows = (await db()('outbox').where({ type: eventTypes.taskStatusChanged }).orderBy('seq')) as { data: unknown }[];
  return rows
    .map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>)
    .filter((data) => data.taskId === taskId && data.to === to);
}

describe('payments.payment.succeeded', () => {
  it('when the payment arrives before the bid acceptance (paid on svc-bids’ word while events were delayed), then the task becomes paid once the acceptance is applied', async () => {
    const taskId = await newTask();
    const carrier = user('carrier');
    const bidId = nextId++;
    await publish(eventTypes.paymentSucceeded, payment(taskId, carrier.id, bidId));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await taskRow(taskId)).toMatchObject({ status: 'open_for_bids' });
    await publish(eventTypes.bidAccepted, {
      bidId,
      taskId,
      carrierId: carrier.id,
      customerId: owner.id,
      netOre: 100_000,
      totalOre: 140_000,
      acceptedBy: owner.id,
      rejectedBidIds: [],
    });
    await waitFor(async () => (await taskRow(taskId))?.status === 'paid', { timeoutMs: 10_000 });
    expect(await statusEvents(taskId, 'paid')).toHaveLength(1);
  });

  it('when the assigned task’s payment succeeds, then the task is paid and tasks.task.status_changed says so', async () => {
    const { taskId, carrier, bidId } = await assignedTask();
    const event = await publish(eventTypes.paymentSucceeded, payment(taskId, carrier.id, bidId));
    await waitFor(async () => (await taskRow(taskId))?.status === 'paid');
    const [changed] = await statusEvents(taskId, 'paid');
    expect(changed).toEqual({
      taskId,
      userId: owner.id,
      type: 'moving',
      from: 'assigned',
      to: 'paid',
      assignedCarrierId: carrier.id,
      changedBy: null,
      fromCity: 'Aarhus C',
      toCity: 'København K',
    });
    const outboxRow = await db()('outbox')
      .where({ type: eventTypes.taskStatusChanged })
      .whereRaw(`data->>'to' = 'paid' and (data->>'taskId')::int = ?`, [taskId])
      .first();
    expect(outboxRow.causation_id).toBe(event.id);
    expect(outboxRow.correlation_id).toBe(event.correlationId);
    const seen = taskSchema.parse((await tasks.call('GET', `/tasks/${taskId}`, { as: owner })).body);
    expect(seen.status).toBe('paid');
  });

  it('when the payment is reported again (same or new envelope), then nothing more happens', async () => {
    const { taskId, carrier, bidId } = await assignedTask();
    const data = payment(taskId, carrier.id, bidId);
    const first = await publish(eventTypes.paymentSucceeded, data);
    await waitFor(async () => (await taskRow(taskId))?.status === 'paid');
    await tasks.infra.bus.publish(first);
    await publish(eventTypes.paymentSucceeded, data);
    // A later event on the same durable shows the repeats were handled before it.
    const marker = await assignedTask();
    await publish(eventTypes.paymentSucceeded, payment(marker.taskId, marker.carrier.id, marker.bidId));
    await waitFor(async () => (await taskRow(marker.taskId))?.status === 'paid');
    expect(await statusEvents(taskId, 'paid')).toHaveLength(1);
  });

  it('when the task is not awaiting payment, is assigned to another carrier, is unknown, or the payload is wrong, then it is left as it is', async () => {
    const open = await newTask();
    await publish(eventTypes.paymentSucceeded, payment(open, user('carrier').id, 77));
    const other = await assignedTask();
    await publish(eventTypes.paymentSucceeded, payment(other.taskId, user('carrier').id, other.bidId));
    await publish(eventTypes.paymentSucceeded, payment(999_999, 5, 5));
    await publish(eventTypes.paymentSucceeded, { taskId: other.taskId, paymentId: 'x' });
    const marker = await assignedTask();
    await publish(eventTypes.paymentSucceeded, payment(marker.taskId, marker.carrier.id, marker.bidId));
    await waitFor(async () => (await taskRow(marker.taskId))?.status === 'paid');
    expect((await taskRow(open))?.status).toBe('open_for_bids');
    expect((await taskRow(other.taskId))?.status).toBe('assigned');
    expect(await statusEvents(open, 'paid')).toHaveLength(0);
  });
});

describe('a task cannot be completed unpaid', () => {
  const admin = user('admin');
  const patch = (taskId: number, as: AuthUser, status: string) => tasks.call('PATCH', `/tasks/${taskId}/status`, { as, body: { status } });

  it('when the carrier picks up from assigned before payment, then they can deliver but not complete until the payment arrives', async () => {
    const { taskId, carrier, bidId } = await assignedTask();
    for (const status of ['picked_up', 'in_transit', 'delivered']) expect((await patch(taskId, carrier, status)).status, status).toBe(200);
    const unpaid = await patch(taskId, carrier, 'completed');
    expect(unpaid.status).toBe(422);
    expect(unpaid.body).toEqual({ code: 'task_unpaid', message: 'Opgaven kan først afsluttes, når den er betalt.' });
    expect((await tasks.call('GET', `/tasks/${taskId}`, { as: carrier })).body.paid_at).toBeNull();
    // An admin cannot either.
    expect((await patch(taskId, admin, 'completed')).status).toBe(422);

    // The customer pays late: the task stays delivered (no step back to paid), but is now paid.
    await publish(eventTypes.paymentSucceeded, payment(taskId, carrier.id, bidId));
    await waitFor(async () => (await taskRow(taskId))?.paid_at);
    expect((await taskRow(taskId)).status).toBe('delivered');
    const done = await patch(taskId, carrier, 'completed');
    expect(done.status).toBe(200);
    expect(done.body.paid_at).toEqual(expect.any(String));
  });

  it('when the task was paid first, then paid_at is set with the status', async () => {
    const { taskId, carrier, bidId } = await assignedTask();
    const data = payment(taskId, carrier.id, bidId);
    await publish(eventTypes.paymentSucceeded, data);
    await waitFor(async () => (await taskRow(taskId))?.status === 'paid');
    expect((await taskRow(taskId)).paid_at.toISOString()).toBe(data.succeededAt);
  });
});

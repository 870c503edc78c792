import { randomUUID } from 'node:crypto';
import { eventTypes, type EventEnvelope, type EventPayload } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, startBids, type StartedBids } from '../test-harness';

/** A task status change as svc-tasks' relay publishes it: with the aggregate version (its outbox sequence). */
function statusChanged(taskId: number, userId: number | null, from: string, to: string, version: number): EventEnvelope {
  return {
    id: randomUUID(),
    type: eventTypes.taskStatusChanged,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    version,
    data: {
      taskId,
      userId,
      type: 'moving',
      from,
      to,
      assignedCarrierId: null,
      changedBy: null,
    } as EventPayload<typeof eventTypes.taskStatusChanged>,
  };
}

describe('task projection versions', () => {
  let bids: StartedBids;

  beforeAll(async () => {
    bids = await startBids();
  });

  afterAll(async () => {
    await bids.close();
  });

  const projected = async (taskId: number) => bids.db('task_projection').where({ task_id: taskId }).first();
  const handled = async (eventId: string) => (await bids.db('inbox').where({ event_id: eventId })).length === 1;

  it('when an older task event arrives after a newer one (late redelivery, replay), then it is ignored and the newer state stays', async () => {
    const task = await createTask(bids);
    const newer = statusChanged(task.id, task.user_id, 'open_for_bids', 'cancelled', 20);
    await bids.infra.bus.publish(newer);
    await waitFor(async () => (await projected(task.id))?.status === 'cancelled');

    const older = statusChanged(task.id, task.user_id, 'open_for_bids', 'assigned', 10);
    await bids.infra.bus.publish(older);
    await waitFor(() => handled(older.id));
    expect(await projected(task.id)).toMatchObject({ status: 'cancelled' });
    expect(Number((await projected(task.id)).version)).toBe(20);

    const later = statusChanged(task.id, task.user_id, 'cancelled', 'open_for_bids', 21);
    await bids.infra.bus.publish(later);
    await waitFor(async () => (await projected(task.id))?.status === 'open_for_bids');
    expect(Number((await projected(task.id)).version)).toBe(21);
  });
});

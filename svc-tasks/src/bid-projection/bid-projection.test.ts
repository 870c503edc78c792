/**
 * svc-tasks' side of bids: bids.bid.* events keep
 * bid_count, the lowest (gross) bid and the task's bidders; an accepted bid assigns the task; svc-bids reads a task
 * it has not heard of through GET /internal/tasks/:id.
 */
import { randomUUID } from 'node:crypto';
import {
  eventTypes,
  internalTaskSchema,
  messages,
  taskSchema,
  type AuthUser,
  type EventEnvelope,
  type EventPayload,
} from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const owner = user('customer');
const admin = user('admin');

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

const db = () => tasks.db;

async function newTask(as: AuthUser | null = owner): Promise<number> {
  const reply = await tasks.call('POST', '/tasks', { as, body: taskBody('moving') });
  expect(reply.status).toBe(201);
  return reply.body.id as number;
}

const publish = (type: string, data: object): Promise<EventEnvelope> => tasks.publish(type, data);

let nextBidId = 1;
interface Bid {
  bidId: number;
  taskId: number;
  carrierId: number;
  customerId: number | null;
  totalOre: number;
}

async function placed(taskId: number, totalOre: number, carrierId = user('carrier').id, maxBids = 5): Promise<Bid> {
  const bid = { bidId: nextBidId++, taskId, carrierId, customerId: owner.id, totalOre };
  await publish(eventTypes.bidPlaced, {
    ...bid,
    netOre: Math.round(totalOre / 1.4),
    validUntil: new Date(Date.now() + 86_400_000).toISOString(),
    carrierListId: null,
    maxBids,
    activeBidCount: 1,
  } satisfies EventPayload<typeof eventTypes.bidPlaced>);
  return bid;
}

const rejected = (bid: Bid, reason: 'rejected' | 'other_bid_accepted' = 'rejected') =>
  publish(eventTypes.bidRejected, {
    bidId: bid.bidId,
    taskId: bid.taskId,
    carrierId: bid.carrierId,
    customerId: bid.customerId,
    totalOre: bid.totalOre,
    reason,
    rejectedBy: reason === 'rejected' ? owner.id : null,
  } satisfies EventPayload<typeof eventTypes.bidRejected>);

const acceptedData = (bid: Bid, others: Bid[] = []): EventPayload<typeof eventTypes.bidAccepted> => ({
  bidId: bid.bidId,
  taskId: bid.taskId,
  carrierId: bid.carrierId,
  customerId: bid.customerId,
  netOre: 1,
  totalOre: bid.totalOre,
  acceptedBy: owner.id,
  rejectedBidIds: others.map((other) => other.bidId),
});

const taskRow = (id: number) => db()('tasks').where({ id }).first();
const taskAs = async (id: number, as: AuthUser) => taskSchema.parse((await tasks.call('GET', `/tasks/${id}`, { as })).body);

describe('bid figures of a task', () => {
  it('when bids are placed, then bid_count and the lowest gross total follow, and the limit svc-bids applied is kept', async () => {
    const taskId = await newTask();
    await placed(taskId, 150_000, undefined, 7);
    await placed(taskId, 140_000, undefined, 7);
    await waitFor(async () => (await taskRow(taskId))?.bid_count === 2);
    expect(await taskRow(taskId)).toMatchObject({ bid_count: 2, lowest_bid_ore: 140_000, bid_limit: 7 });
    expect(await taskAs(taskId, owner)).toMatchObject({ bid_count: 2, lowest_bid: 1400 });
  });

  it('when the lowest bid is rejected, then the next lowest shows and the count drops', async () => {
    const taskId = await newTask();
    const low = await placed(taskId, 100_000);
    await placed(taskId, 120_000);
    await waitFor(async () => (await taskRow(taskId))?.bid_count === 2);
    await rejected(low);
    await waitFor(async () => (await taskRow(taskId))?.bid_count === 1);
    expect(await taskRow(taskId)).toMatchObject({ lowest_bid_ore: 120_000 });
  });

  it('when a bid is chosen, then the count keeps the bids it beat (2/5 stays 2/5) but not one rejected before', async () => {
    const taskId = await newTask();
    const early = await placed(taskId, 90_000);
    const chosen = await placed(taskId, 100_000);
    const beaten = await placed(taskId, 120_000);
    await waitFor(async () => (await taskRow(taskId))?.bid_count === 3);
    await rejected(early);
    await waitFor(async () => (await taskRow(taskId))?.bid_count === 2);
    await publish(eventTypes.bidAccepted, acceptedData(chosen, [beaten]));
    await rejected(beaten, 'other_bid_accepted');
    await waitFor(async () => (await db()('task_bids').where({ bid_id: beaten.bidId }).first())?.status === 'rejected');
    expect(await taskRow(taskId)).toMatchObject({ bid_count: 2, lowest_bid_ore: 100_000 });
  });

  it('when a bid is updated, then its new gross total counts; once all are rejected, no lowest bid', async () => {
    const taskId = await newTask();
    const bid = await placed(taskId, 200_000);
    await publish(eventTypes.bidUpdated, {
      bidId: bid.bidId,
      taskId,
      carrierId: bid.carrierId,
      customerId: owner.id,
      netOre: 1,
      totalOre: 180_000,
      validUntil: new Date().toISOString(),
    } satisfies EventPayload<typeof eventTypes.bidUpdated>);
    await waitFor(async () => (await taskRow(taskId))?.lowest_bid_ore === 180_000);
    await rejected({ ...bid, totalOre: 180_000 });
    await waitFor(async () => (await taskRow(taskId))?.bid_count === 0);
    expect((await taskRow(taskId))?.lowest_bid_ore).toBeNull();
  });

  it('when a carrier has bid, then the task leaves their available list and joins their own — also once rejected', async () => {
    const taskId = await newTask();
    const carrier = user('carrier');
    const bid = await placed(taskId, 90_000, carrier.id);
    await waitFor(() => db()('task_bidders').where({ task_id: taskId, carrier_id: carrier.id }).first());
    await rejected(bid);
    await waitFor(async () => (await taskRow(taskId))?.bid_count === 0);
    const available = await tasks.call('GET', '/tasks?available=true&limit=100', { as: carrier });
    expect(available.body.items.map((t: { id: number }) => t.id)).not.toContain(taskId);
    const mine = await tasks.call('GET', '/tasks?mine=true&limit=100', { as: carrier });
    expect(mine.body.items.map((t: { id: number }) => t.id)).toContain(taskId);
  });

  it('when the browse price filter is used (by the owner, who is shown the lowest bid), then it compares with the lowest gross total', async () => {
    const taskId = await newTask();
    await placed(taskId, 123_456);
    await waitFor(async () => (await taskRow(taskId))?.lowest_bid_ore === 123_456);
    const ids = async (query: string) =>
      (await tasks.call('GET', `/tasks?${query}&limit=100`, { as: owner })).body.items.map((t: { id: number }) => t.id);
    expect(await ids('minPrice=1234&maxPrice=1235')).toContain(taskId);
    expect(await ids('minPrice=1235')).not.toContain(taskId);
  });

  it('when an event arrives for an unknown task, does not fit the contract, or would revive a rejected bid, then it is skipped and the next one handled', async () => {
    const taskId = await newTask();
    const bid = await placed(taskId, 50_000);
    await rejected(bid);
    await waitFor(async () => (await db()('task_bids').where({ bid_id: bid.bidId }).first())?.status === 'rejected');
    await publish(eventTypes.bidUpdated, {
      bidId: bid.bidId,
      taskId,
      carrierId: bid.carrierId,
      customerId: owner.id,
      netOre: 1,
      totalOre: 40_000,
      validUntil: new Date().toISOString(),
    } satisfies EventPayload<typeof eventTypes.bidUpdated>);
    await placed(999_999, 10_000);
    await publish(eventTypes.bidPlaced, { taskId, carrierId: 5, amountOre: 1 });
    await publish(eventTypes.bidAccepted, { bidId: 'x', taskId });
    const after = await placed(taskId, 70_000);
    await waitFor(() => db()('task_bids').where({ bid_id: after.bidId }).first());
    expect(await taskRow(taskId)).toMatchObject({ bid_count: 1, lowest_bid_ore: 70_000 });
    expect(await db()('task_bids').where({ bid_id: bid.bidId }).first()).toMatchObject({ status: 'rejected', total_ore: 50_000 });
  });
});

describe('an accepted bid', () => {
  it('when a bid is accepted, then the task is assigned to its carrier with tasks.task.status_changed', async () => {
    const taskId = await newTask();
    const winner = await placed(taskId, 150_000);
    const loser = await placed(taskId, 160_000);
    const event = await publish(eventTypes.bidAccepted, acceptedData(winner, [loser]));
    await rejected(loser, 'other_bid_accepted');
    await waitFor(async () => (await taskRow(taskId))?.status === 'assigned');
    await waitFor(async () => (await db()('task_bids').where({ bid_id: loser.bidId }).first())?.status === 'rejected');
    // The bid it beat still counts: 'Antal bud 2/5' stays 2/5 after the choice.
    expect(await taskRow(taskId)).toMatchObject({ assigned_carrier_id: winner.carrierId, bid_count: 2, lowest_bid_ore: 150_000 });

    const changes = (await db()('outbox').where({ type: eventTypes.taskStatusChanged }).orderBy('seq')).filter(
      (row: { data: { taskId: number } }) => row.data.taskId === taskId,
    );
    expect(changes.map((row: { data: unknown; causation_id: string }) => [row.data, row.causation_id])).toEqual([
      [
        {
          taskId,
          userId: owner.id,
          type: 'moving',
          from: 'open_for_bids',
          to: 'assigned',
          assignedCarrierId: winner.carrierId,
          changedBy: null,
          fromCity: 'Aarhus C',
          toCity: 'København K',
        },
        event.id,
      ],
    ]);
    // The owner sees their task as assigned; the winning carrier now sees it in full.
    expect((await taskAs(taskId, owner)).status).toBe('assigned');
    expect((await taskAs(taskId, { ...user('carrier'), id: winner.carrierId })).view).toBe('full');
  });

  it('when the acceptance comes again (redelivered or repeated), then nothing changes and no second status event', async () => {
    const taskId = await newTask();
    const bid = await placed(taskId, 100_000);
    const event = await publish(eventTypes.bidAccepted, acceptedData(bid));
    await waitFor(async () => (await taskRow(taskId))?.status === 'assigned');
    await tasks.infra.bus.publish(event);
    await publish(eventTypes.bidAccepted, acceptedData(bid));
    const marker = await placed(await newTask(), 1_000);
    await waitFor(() => db()('task_bids').where({ bid_id: marker.bidId }).first());
    await new Promise((resolve) => setTimeout(resolve, 200));
    const changes = (await db()('outbox').where({ type: eventTypes.taskStatusChanged })).filter(
      (row: { data: { taskId: number } }) => row.data.taskId === taskId,
    );
    expect(changes).toHaveLength(1);
  });

  it('when the task was cancelled before the acceptance arrived, then it stays cancelled', async () => {
    const taskId = await newTask();
    const bid = await placed(taskId, 100_000);
    expect((await tasks.call('PATCH', `/tasks/${taskId}/status`, { as: admin, body: { status: 'cancelled' } })).status).toBe(200);
    await publish(eventTypes.bidAccepted, acceptedData(bid));
    await waitFor(async () => (await db()('task_bids').where({ bid_id: bid.bidId }).first())?.status === 'accepted');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await taskRow(taskId)).toMatchObject({ status: 'cancelled', assigned_carrier_id: null });
  });
});

describe('GET /internal/tasks/:id', () => {
  it('when svc-bids or svc-chat asks for a task, then its owner, status, type, own bid limit and assigned carrier', async () => {
    const taskId = await newTask();
    await db()('tasks').where({ id: taskId }).update({ max_bids: 3 });
    const reply = await tasks.call('GET', `/internal/tasks/${taskId}`, { service: 'bids' });
    expect(reply.status).toBe(200);
    expect(internalTaskSchema.parse(reply.body)).toEqual({
      id: taskId,
      user_id: owner.id,
      status: 'open_for_bids',
      type: 'moving',
      max_bids: 3,
      assigned_carrier_id: null,
    });
  });

  it('when the task does not exist or the id is bad, then 404 / 400', async () => {
    expect((await tasks.call('GET', '/internal/tasks/424242', { service: 'bids' })).body).toEqual({
      code: 'task_not_found',
      message: messages.taskNotFound,
    });
    expect((await tasks.call('GET', '/internal/tasks/abc', { service: 'bids' })).status).toBe(400);
  });

  it('when a user of any role asks through the gateway, then 403; without a token, 401', async () => {
    const taskId = await newTask();
    for (const as of [admin, owner, user('carrier'), null]) {
      expect((await tasks.call('GET', `/internal/tasks/${taskId}`, { as })).status).toBe(403);
    }
    expect((await tasks.call('GET', `/internal/tasks/${taskId}`, { withoutInternalToken: true })).status).toBe(401);
  });
});

describe('event versions', () => {
  it('when an older bid event arrives after a newer one (late redelivery, replay), then the bid keeps the newer state', async () => {
    const taskId = await newTask();
    const carrierId = user('carrier').id;
    const bidId = nextBidId++;
    const send = (type: string, data: object, version: number) =>
      tasks.infra.bus.publish({ id: randomUUID(), type, occurredAt: new Date().toISOString(), correlationId: randomUUID(), version, data });
    const bidRow = () => db()('task_bids').where({ bid_id: bidId }).first();
    const common = { bidId, taskId, carrierId, customerId: owner.id };

    await send(eventTypes.bidUpdated, { ...common, totalOre: 150_000, netOre: 107_143, validUntil: new Date(Date.now() + 86_400_000).toISOString() }, 30);
    await waitFor(async () => (await bidRow())?.total_ore === 150_000);
    await send(eventTypes.bidUpdated, { ...common, totalOre: 120_000, netOre: 85_714, validUntil: new Date(Date.now() + 86_400_000).toISOString() }, 20);
    await send(eventTypes.bidUpdated, { ...common, totalOre: 160_000, netOre: 114_286, validUntil: new Date(Date.now() + 86_400_000).toISOString() }, 31);
    await waitFor(async () => (await bidRow())?.total_ore === 160_000);
    expect(Number((await bidRow()).version)).toBe(31);
  });
});

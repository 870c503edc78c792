/**
 * svc-chat turns domain events into per-user live events (`chat.live.event`, read by every gateway): a task's status
 * to its owner and carrier, new and changed bids to the owner, each new notification to its user — and the owner's
 * 'Nyt bud på din opgave' once per bid, however often the event comes.
 */
import { randomUUID } from 'node:crypto';
import { eventTypes, messages, type EventPayload } from '@fragtbud/contracts';
import { waitFor, type EventEnvelope } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidPlaced, newTaskId, rowsWhen, startChat, statusChange, user, type StartedChat } from '../test-harness';

let chat: StartedChat;
const live: Array<EventPayload<typeof eventTypes.liveEvent>> = [];

beforeAll(async () => {
  chat = await startChat();
  await chat.infra.bus.tail({
    subjects: [eventTypes.liveEvent],
    handler: (event) => void live.push(event.data as EventPayload<typeof eventTypes.liveEvent>),
  });
});
afterAll(async () => {
  await chat?.close();
});

const liveFor = (userId: number) => live.filter((event) => event.userIds.includes(userId));

describe('live events', () => {
  it('when a bid is placed, then the owner gets one notification Nyt bud på din opgave and live bid.placed + notification', async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    const taskId = newTaskId();
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type: eventTypes.bidPlaced,
      occurredAt: new Date().toISOString(),
      correlationId: randomUUID(),
      data: bidPlaced(taskId, owner.id, carrier.id, 71),
    };
    await chat.publishEnvelope(envelope);
    const [notification] = await rowsWhen(chat, owner.id, 1);
    expect(notification).toMatchObject({ kind: 'new_bid', message: messages.newBidNotification, task_id: taskId, type: 'info' });
    await waitFor(() => liveFor(owner.id).length === 2);
    expect(liveFor(owner.id).map((event) => event.type).sort()).toEqual(['bid.placed', 'notification']);
    expect(liveFor(owner.id).find((event) => event.type === 'bid.placed')?.data).toEqual({ taskId, bidId: 71, status: 'pending' });
    expect(liveFor(owner.id).find((event) => event.type === 'notification')?.data).toMatchObject({
      id: notification.id,
      message: messages.newBidNotification,
    });
    expect(liveFor(carrier.id)).toEqual([]);

    // The producer retrying, and a later bid: still one notification for this bid, one more for the next.
    await chat.publishEnvelope({ ...envelope });
    await chat.publish(eventTypes.bidPlaced, bidPlaced(taskId, owner.id, user('carrier').id, 72));
    const rows = await rowsWhen(chat, owner.id, 2);
    expect(rows.map((row) => row.data.bidId)).toEqual([71, 72]);
  });

  it('when a guest task gets a bid, then nobody is notified', async () => {
    const taskId = newTaskId();
    await chat.publish(eventTypes.bidPlaced, bidPlaced(taskId, null, user('carrier').id, 73));
    await waitFor(() => chat.db('chat_task_bids').where({ bid_id: 73 }).first());
    expect(await chat.db('notifications').where({ task_id: taskId })).toEqual([]);
  });

  it('when a task changes status, then owner and assigned carrier get task.status, the owner also the notification', async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    const taskId = newTaskId();
    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'open_for_bids', 'assigned', { assignedCarrierId: carrier.id }));
    await waitFor(() => liveFor(owner.id).length === 2 && liveFor(carrier.id).length === 1);
    expect(liveFor(carrier.id)[0]).toEqual({
      userIds: [owner.id, carrier.id],
      type: 'task.status',
      data: { taskId, status: 'assigned', from: 'open_for_bids' },
    });
    expect(liveFor(owner.id).find((event) => event.type === 'notification')?.data).toMatchObject({ message: 'Carrier er tildelt opgaven' });
  });

  it('when a fragtbrev is changed, then its customer and assigned carrier get freight_note (the other party’s tab refreshes)', async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    const taskId = newTaskId();
    await chat.publish(eventTypes.freightNoteUpdated, {
      taskId,
      userId: owner.id,
      assignedCarrierId: carrier.id,
      updatedBy: owner.id,
    } satisfies EventPayload<typeof eventTypes.freightNoteUpdated>);
    await waitFor(() => liveFor(carrier.id).length === 1);
    expect(liveFor(carrier.id)).toEqual([{ userIds: [owner.id, carrier.id], type: 'freight_note', data: { taskId } }]);
  });

  it('when a bid is accepted, then owner and carrier get bid.updated with the new status', async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    const taskId = newTaskId();
    await chat.publish(eventTypes.bidAccepted, {
      bidId: 74,
      taskId,
      carrierId: carrier.id,
      customerId: owner.id,
      netOre: 100_000,
      totalOre: 130_000,
      acceptedBy: owner.id,
      rejectedBidIds: [],
    } satisfies EventPayload<typeof eventTypes.bidAccepted>);
    await waitFor(() => liveFor(carrier.id).some((event) => event.type === 'bid.updated'));
    expect(liveFor(carrier.id).find((event) => event.type === 'bid.updated')).toEqual({
      userIds: [owner.id, carrier.id],
      type: 'bid.updated',
      data: { taskId, bidId: 74, status: 'accepted' },
    });
    // The carrier whose bid was chosen is told so at once.
    await waitFor(() => liveFor(carrier.id).some((event) => event.type === 'notification'));
    expect(liveFor(carrier.id).find((event) => event.type === 'notification')?.data).toMatchObject({ kind: 'bid_accepted', message: 'Dit bud er valgt' });
  });

  it('when a bid fills the last slot or the task is cancelled, then the others in a chat about the task hear of the task (their chat lock), not of the bid', async () => {
    const owner = user('customer');
    const bidder = user('carrier');
    const asker = user('carrier');
    const last = user('carrier');
    const taskId = newTaskId();
    await chat.publish(eventTypes.bidPlaced, bidPlaced(taskId, owner.id, bidder.id, 76, { maxBids: 2 }));
    await waitFor(() => chat.db('chat_task_bids').where({ bid_id: 76 }).first());
    // A carrier without a bid asks the customer something; then the last slot is taken.
    expect((await chat.call('POST', '/chat/messages', { as: asker, body: { taskId, receiverId: owner.id, message: 'Er der elevator?' } })).status).toBe(201);
    await chat.publish(eventTypes.bidPlaced, bidPlaced(taskId, owner.id, last.id, 77, { maxBids: 2, activeBidCount: 2 }));
    await waitFor(() => liveFor(asker.id).some((event) => event.type === 'bid.placed'));
    const filled = liveFor(asker.id).find((event) => event.type === 'bid.placed')!;
    expect(filled.data).toEqual({ taskId });
    expect([...filled.userIds].sort((a, b) => a - b)).toEqual([bidder.id, asker.id].sort((a, b) => a - b));
    const locked = await chat.call('GET', `/chat/messages?taskId=${taskId}&partnerId=${owner.id}`, { as: asker });
    expect(locked.body.lock?.code).toBe('max_bids_no_bid');
    expect(liveFor(last.id)).toEqual([]);

    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'open_for_bids', 'cancelled'));
    await waitFor(() => liveFor(asker.id).some((event) => event.type === 'task.status'));
    for (const carrier of [asker, bidder, last]) {
      expect(liveFor(carrier.id).find((event) => event.type === 'task.status')?.data).toEqual({ taskId, status: 'cancelled' });
    }
    expect(liveFor(owner.id).filter((event) => event.type === 'task.status')).toHaveLength(1);
  });

  it('when a message is sent and read, then both parties get chat.message, then chat.read', async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    const taskId = newTaskId();
    await chat.publish(eventTypes.bidPlaced, bidPlaced(taskId, owner.id, carrier.id, 75));
    await waitFor(() => chat.db('chat_task_bids').where({ bid_id: 75 }).first());
    const sent = await chat.call('POST', '/chat/messages', { as: carrier, body: { taskId, receiverId: owner.id, message: 'Hej' } });
    expect(sent.status).toBe(201);
    await waitFor(() => liveFor(carrier.id).some((event) => event.type === 'chat.message'));
    expect(liveFor(carrier.id).find((event) => event.type === 'chat.message')).toEqual({
      userIds: [carrier.id, owner.id],
      type: 'chat.message',
      data: sent.body,
    });
    expect((await chat.call('PUT', `/chat/messages/${sent.body.id}/read`, { as: owner })).status).toBe(200);
    await waitFor(() => liveFor(carrier.id).some((event) => event.type === 'chat.read'));
    expect(liveFor(carrier.id).find((event) => event.type === 'chat.read')?.data).toMatchObject({
      taskId,
      readerId: owner.id,
      partnerId: carrier.id,
      messageIds: [sent.body.id],
    });
  });
});

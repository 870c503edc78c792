/**
 * POST /chat/messages, GET /chat/messages, GET /chat/threads, PUT /chat/messages/{id}/read, PUT /chat/threads/read:
 * the rules of spec 6 for every role and task status, redaction on the server, read receipts, threads and unread
 * counts, who may call. svc-tasks and svc-bids are played by the test: their events go on the bus.
 */
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { chatLockTexts, chatMessageSchema, chatThreadListSchema, chatThreadSchema, eventTypes, messages, type AuthUser, type EventPayload, type TaskStatus } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidPlaced, newTaskId, startChat, statusChange, taskCreated, user, type StartedChat } from '../test-harness';

let chat: StartedChat;
let fakeTasks: Server;
/** Tasks the stand-in svc-tasks knows (for the fallback when no event told svc-chat of a task). */
const tasksOnlySvcTasksKnows = new Map<number, object>();

beforeAll(async () => {
  fakeTasks = createServer((request, response) => {
    const id = Number(request.url?.match(/^\/internal\/tasks\/(\d+)$/)?.[1]);
    const task = tasksOnlySvcTasksKnows.get(id);
    response.setHeader('content-type', 'application/json');
    response.statusCode = task ? 200 : 404;
    response.end(JSON.stringify(task ?? { code: 'task_not_found', message: messages.taskNotFound }));
  });
  await new Promise<void>((resolve) => fakeTasks.listen(0, '127.0.0.1', resolve));
  const address = fakeTasks.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  chat = await startChat({ TASKS_URL: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await chat?.close();
  await new Promise((resolve) => fakeTasks?.close(resolve));
});

let nextBidId = 50_000;

interface Scene {
  taskId: number;
  owner: AuthUser;
  bidder: AuthUser;
  stranger: AuthUser;
  admin: AuthUser;
  bidIds: Map<number, number>;
}

/** A task open for bids with `bids` carriers bidding (the first is `bidder`) under a limit of `maxBids`. */
async function scene({ bids = 1, maxBids = 5 }: { bids?: number; maxBids?: number } = {}): Promise<Scene> {
  const owner = user('customer');
  const taskId = newTaskId();
  await chat.publish(eventTypes.taskCreated, taskCreated(taskId, owner.id));
  const bidders = Array.from({ length: bids }, () => user('carrier'));
  const bidIds = new Map<number, number>();
  for (const [index, carrier] of bidders.entries()) {
    const bidId = (nextBidId += 1);
    bidIds.set(carrier.id, bidId);
    await chat.publish(eventTypes.bidPlaced, bidPlaced(taskId, owner.id, carrier.id, bidId, { maxBids, activeBidCount: index + 1 }));
  }
  await waitFor(async () => (await chat.db('chat_task_bids').where({ task_id: taskId })).length === bids);
  await waitFor(() => chat.db('chat_tasks').where({ task_id: taskId }).first());
  return { taskId, owner, bidder: bidders[0] ?? user('carrier'), stranger: user('carrier'), admin: user('admin'), bidIds };
}

/** The owner chose `winner`'s bid; svc-tasks assigned the task; then, optionally, it moved on to `status`. */
async function accept(s: Scene, winner: AuthUser, status: TaskStatus = 'assigned'): Promise<void> {
  const bidId = s.bidIds.get(winner.id)!;
  await chat.publish(eventTypes.bidAccepted, {
    bidId,
    taskId: s.taskId,
    carrierId: winner.id,
    customerId: s.owner.id,
    netOre: 100_000,
    totalOre: 130_000,
    acceptedBy: s.owner.id,
    rejectedBidIds: [],
  } satisfies EventPayload<typeof eventTypes.bidAccepted>);
  await moveTo(s, 'open_for_bids', 'assigned', winner.id);
  if (status !== 'assigned') await moveTo(s, 'assigned', status, winner.id);
  await waitFor(async () => (await chat.db('chat_task_bids').where({ bid_id: bidId }).first())?.status === 'accepted');
}

async function moveTo(s: Scene, from: TaskStatus, to: TaskStatus, assignedCarrierId: number | null = null): Promise<void> {
  await chat.publish(eventTypes.taskStatusChanged, statusChange(s.taskId, s.owner.id, from, to, { assignedCarrierId }));
  await waitFor(async () => (await chat.db('chat_tasks').where({ task_id: s.taskId }).first())?.status === to);
}

const send = (as: AuthUser, taskId: number, receiverId: number, message = 'Hej, hvornår kan I komme?') =>
  chat.call('POST', '/chat/messages', { as, body: { taskId, receiverId, message } });

async function expectSent(as: AuthUser, taskId: number, receiverId: number) {
  const reply = await send(as, taskId, receiverId);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return chatMessageSchema.parse(reply.body);
}

async function expectLocked(as: AuthUser, taskId: number, receiverId: number, lock: keyof typeof chatLockTexts) {
  const reply = await send(as, taskId, receiverId);
  expect(reply.status).toBe(403);
  expect(reply.body).toEqual({ code: `chat_${lock}`, message: chatLockTexts[lock] });
}

describe('the chat rules of spec 6', () => {
  it('when the task is open, then the owner writes to a bidder, any carrier to the owner, an admin to anyone', async () => {
    const s = await scene();
    const sent = await expectSent(s.owner, s.taskId, s.bidder.id);
    expect(sent).toMatchObject({ task_id: s.taskId, sender_id: s.owner.id, receiver_id: s.bidder.id, is_read: false, read_at: null });
    await expectSent(s.bidder, s.taskId, s.owner.id);
    await expectSent(s.stranger, s.taskId, s.owner.id);
    await expectSent(s.admin, s.taskId, s.stranger.id);
    await expectSent(s.admin, s.taskId, s.owner.id);
  });

  it('when the task is open, then a carrier writes only to the customer, the owner not to a carrier who never bid or wrote', async () => {
    const s = await scene();
    await expectLocked(s.bidder, s.taskId, s.stranger.id, 'carrier_only_customer');
    await expectLocked(s.bidder, s.taskId, s.admin.id, 'carrier_only_customer');
    await expectLocked(s.owner, s.taskId, s.stranger.id, 'unavailable');
    // … but once that carrier asked, the owner may answer.
    await expectSent(s.stranger, s.taskId, s.owner.id);
    await expectSent(s.owner, s.taskId, s.stranger.id);
  });

  it('when anyone writes to themself, or a customer writes about a task not theirs, then Chat er ikke tilgængelig.', async () => {
    const s = await scene();
    for (const who of [s.owner, s.bidder, s.admin]) await expectLocked(who, s.taskId, who.id, 'unavailable');
    await expectLocked(user('customer'), s.taskId, s.bidder.id, 'unavailable');
  });

  it('when the bid limit is reached, then a carrier without a bid is refused, the bidders and the owner still talk', async () => {
    const s = await scene({ bids: 2, maxBids: 2 });
    await expectLocked(s.stranger, s.taskId, s.owner.id, 'max_bids_no_bid');
    await expectSent(s.bidder, s.taskId, s.owner.id);
    await expectSent(s.owner, s.taskId, s.bidder.id);
    await expectSent(s.admin, s.taskId, s.stranger.id);
  });

  it("when an admin lowers the task type's bid limit to the bids there are, then a carrier without a bid is refused at once", async () => {
    const owner = user('customer');
    const taskId = newTaskId();
    const bidder = user('carrier');
    const stranger = user('carrier');
    // A type no other test uses, so its limit changes nothing elsewhere.
    await chat.publish(eventTypes.taskCreated, taskCreated(taskId, owner.id, { type: 'fullload' }));
    await chat.publish(eventTypes.bidPlaced, bidPlaced(taskId, owner.id, bidder.id, (nextBidId += 1), { maxBids: 5, activeBidCount: 1 }));
    await waitFor(async () => (await chat.db('chat_task_bids').where({ task_id: taskId })).length === 1);
    await waitFor(async () => (await chat.db('chat_tasks').where({ task_id: taskId }).first())?.type === 'fullload');
    await expectSent(stranger, taskId, owner.id);

    await chat.publish(eventTypes.taskTypeUpdated, { type: 'fullload', maxBids: 1, updatedBy: 1 } satisfies EventPayload<typeof eventTypes.taskTypeUpdated>);
    await waitFor(() => chat.db('chat_bid_limits').where({ scope: 'type:fullload' }).first());
    await expectLocked(stranger, taskId, owner.id, 'max_bids_no_bid');
    await expectSent(bidder, taskId, owner.id);

    // The type's limit removed: the platform's applies.
    await chat.publish(eventTypes.taskTypeDeleted, { type: 'fullload', deletedBy: 1 } satisfies EventPayload<typeof eventTypes.taskTypeDeleted>);
    await waitFor(async () => (await chat.db('chat_bid_limits').where({ scope: 'type:fullload' }).first()) === undefined);
    await expectSent(stranger, taskId, owner.id);
  });

  it('when a bid is rejected at the limit, then its slot is free again and a carrier without a bid may write', async () => {
    const s = await scene({ bids: 2, maxBids: 2 });
    await expectLocked(s.stranger, s.taskId, s.owner.id, 'max_bids_no_bid');
    await chat.publish(eventTypes.bidRejected, {
      bidId: s.bidIds.get(s.bidder.id)!,
      taskId: s.taskId,
      carrierId: s.bidder.id,
      customerId: s.owner.id,
      totalOre: 130_000,
      reason: 'rejected',
      rejectedBy: s.owner.id,
    } satisfies EventPayload<typeof eventTypes.bidRejected>);
    await waitFor(async () => (await chat.db('chat_task_bids').where({ bid_id: s.bidIds.get(s.bidder.id) }).first())?.status === 'rejected');
    await expectSent(s.stranger, s.taskId, s.owner.id);
  });

  it.each(['assigned', 'paid', 'picked_up', 'in_transit', 'delivered'] as const)(
    'when a bid was accepted and the task is %s, then only the owner and the winner talk (and an admin)',
    async (status) => {
      const s = await scene({ bids: 2 });
      const loser = (await chat.db('chat_task_bids').where({ task_id: s.taskId }).whereNot({ carrier_id: s.bidder.id }).first()).carrier_id as number;
      const loserCaller = { ...user('carrier'), id: loser };
      await accept(s, s.bidder, status);
      await expectSent(s.bidder, s.taskId, s.owner.id);
      await expectSent(s.owner, s.taskId, s.bidder.id);
      await expectLocked(loserCaller, s.taskId, s.owner.id, 'bid_chosen');
      await expectLocked(s.stranger, s.taskId, s.owner.id, 'bid_chosen');
      await expectLocked(s.owner, s.taskId, loser, 'bid_chosen');
      await expectSent(s.admin, s.taskId, loser);
      // Anyone may answer an admin who wrote to them on the task.
      await expectSent(loserCaller, s.taskId, s.admin.id);
    },
  );

  it.each(['completed', 'cancelled'] as const)('when the task is %s, then chat is locked for everyone, an admin too', async (status) => {
    const s = await scene();
    await accept(s, s.bidder, 'delivered');
    await moveTo(s, 'delivered', status, s.bidder.id);
    await expectLocked(s.owner, s.taskId, s.bidder.id, 'closed');
    await expectLocked(s.bidder, s.taskId, s.owner.id, 'closed');
    await expectLocked(s.admin, s.taskId, s.owner.id, 'closed');
  });

  it('when an open task is cancelled, then chat is locked', async () => {
    const s = await scene();
    await moveTo(s, 'open_for_bids', 'cancelled');
    await expectLocked(s.bidder, s.taskId, s.owner.id, 'closed');
  });

  it('when the task waits for review, then carriers and the owner cannot chat yet, an admin can', async () => {
    const owner = user('customer');
    const taskId = newTaskId();
    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'created', 'pending_admin_review'));
    await waitFor(() => chat.db('chat_tasks').where({ task_id: taskId }).first());
    await expectLocked(user('carrier'), taskId, owner.id, 'unavailable');
    await expectSent(user('admin'), taskId, owner.id);
  });

  it('when a blocked user writes, then Chat er ikke tilgængelig.', async () => {
    const s = await scene();
    await expectLocked({ ...s.owner, blocked: true }, s.taskId, s.bidder.id, 'unavailable');
  });

  it('when a carrier awaiting approval writes to the customer, then Chat er ikke tilgængelig. (they cannot bid either)', async () => {
    const s = await scene();
    await expectLocked(user('carrier', { approved: false }), s.taskId, s.owner.id, 'unavailable');
  });

  it('when no event told svc-chat of the task yet, then it asks svc-tasks once and applies the rules', async () => {
    const owner = user('customer');
    const winner = user('carrier');
    const taskId = newTaskId();
    tasksOnlySvcTasksKnows.set(taskId, { id: taskId, user_id: owner.id, status: 'paid', type: 'moving', max_bids: null, assigned_carrier_id: winner.id });
    await expectSent(winner, taskId, owner.id);
    await expectLocked(user('carrier'), taskId, owner.id, 'bid_chosen');
    expect(await chat.db('chat_tasks').where({ task_id: taskId }).first()).toMatchObject({ status: 'paid', owner_id: owner.id });
  });

  it('when nobody knows the task, then sending is 404 Opgave ikke fundet and the (empty) thread reads as unavailable', async () => {
    const taskId = newTaskId();
    const reply = await send(user('customer'), taskId, 77);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'task_not_found', message: messages.taskNotFound });
    const thread = await chat.call('GET', `/chat/messages?taskId=${taskId}&partnerId=77`, { as: user('customer') });
    expect(thread.status).toBe(200);
    expect(thread.body).toMatchObject({ items: [], total: 0, lock: { code: 'unavailable', message: chatLockTexts.unavailable } });
  });
});

describe('what is stored', () => {
  it.each([
    ['Skriv til mig på kunde@firma.dk', 'Skriv til mig på [redigeret]'],
    ['Ring 12 34 56 78 eller +45 87654321', 'Ring [redigeret] eller [redigeret]'],
    ['navn (at) firma dk', '[redigeret]'],
    ['kontonr 123456789012', 'kontonr [redigeret]'],
    ['Ring １２ ３４ ５６ ７８ eller +４５８７６５４３２１', 'Ring [redigeret] eller [redigeret]'],
  ])('when the message is %j, then the server stores and answers %j', async (text, stored) => {
    const s = await scene();
    const reply = await send(s.owner, s.taskId, s.bidder.id, text);
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe(stored);
    expect((await chat.db('chat_messages').where({ id: reply.body.id }).first()).message).toBe(stored);
    const thread = await chat.call('GET', `/chat/messages?taskId=${s.taskId}&partnerId=${s.owner.id}`, { as: s.bidder });
    expect(thread.body.items.map((m: { message: string }) => m.message)).toEqual([stored]);
  });

  it.each([
    ['an empty message', { message: '' }, messages.chatMessageEmpty],
    ['only white space', { message: '   \n ' }, messages.chatMessageEmpty],
    ['a null message', { message: null }, messages.chatMessageEmpty],
    ['2001 characters', { message: 'x'.repeat(2001) }, messages.chatMessageTooLong],
    ['taskId abc', { taskId: 'abc' }, messages.invalidTaskId],
    ['receiverId 0', { receiverId: 0 }, messages.invalidUserId],
    ['bidId -1', { bidId: -1 }, messages.invalidBidId],
  ])('when the body has %s, then 400 with its Danish message', async (_name, change, message) => {
    const s = await scene();
    const reply = await chat.call('POST', '/chat/messages', {
      as: s.owner,
      body: { taskId: s.taskId, receiverId: s.bidder.id, message: 'Hej', ...change },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'invalid_input', message });
  });

  it('when the body names another sender or a bid of another task, then it is refused', async () => {
    const s = await scene();
    const other = await scene();
    const asSomeoneElse = await chat.call('POST', '/chat/messages', {
      as: s.owner,
      body: { taskId: s.taskId, receiverId: s.bidder.id, message: 'Hej', senderId: s.bidder.id },
    });
    expect(asSomeoneElse.status).toBe(403);
    const wrongBid = await chat.call('POST', '/chat/messages', {
      as: s.owner,
      body: { taskId: s.taskId, receiverId: s.bidder.id, message: 'Hej', bidId: other.bidIds.get(other.bidder.id) },
    });
    expect(wrongBid.status).toBe(400);
    expect(wrongBid.body).toEqual({ code: 'bid_not_of_task', message: messages.chatBidNotOfTask });
    const rightBid = await chat.call('POST', '/chat/messages', {
      as: s.owner,
      body: { taskId: s.taskId, receiverId: s.bidder.id, message: 'Hej', bidId: s.bidIds.get(s.bidder.id) },
    });
    expect(rightBid.status).toBe(201);
    expect(rightBid.body.bid_id).toBe(s.bidIds.get(s.bidder.id));
  });

  it('when the same message is sent twice with one Idempotency-Key (a double click on Send), then one message is stored and both answers are it', async () => {
    const s = await scene();
    const key = randomUUID();
    const sendOnce = () =>
      chat.call('POST', '/chat/messages', {
        as: s.owner,
        body: { taskId: s.taskId, receiverId: s.bidder.id, message: 'Kan I komme fredag?' },
        headers: { 'Idempotency-Key': key },
      });
    const first = await sendOnce();
    const again = await sendOnce();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await chat.db('chat_messages').where({ task_id: s.taskId, sender_id: s.owner.id })).toHaveLength(1);
    // Another send (a new key) is another message.
    const next = await chat.call('POST', '/chat/messages', {
      as: s.owner,
      body: { taskId: s.taskId, receiverId: s.bidder.id, message: 'Kan I komme fredag?' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(next.status).toBe(201);
    expect(await chat.db('chat_messages').where({ task_id: s.taskId, sender_id: s.owner.id })).toHaveLength(2);
  });

  it('when a message is sent, then its event and one live event for both parties are in the outbox', async () => {
    const s = await scene();
    const sent = await expectSent(s.owner, s.taskId, s.bidder.id);
    const rows = await chat.db('outbox').whereIn('type', [eventTypes.chatMessageCreated, eventTypes.liveEvent]).orderBy('seq', 'desc').limit(2);
    const byType = Object.fromEntries(rows.map((row) => [row.type, typeof row.data === 'string' ? JSON.parse(row.data) : row.data]));
    expect(byType[eventTypes.chatMessageCreated]).toEqual({
      messageId: sent.id,
      taskId: s.taskId,
      senderId: s.owner.id,
      receiverId: s.bidder.id,
      bidId: null,
    });
    expect(byType[eventTypes.liveEvent]).toEqual({ userIds: [s.owner.id, s.bidder.id], type: 'chat.message', data: sent });
  });
});

describe('threads, read receipts and unread counts', () => {
  it('when two parties write, then each sees the thread oldest first, with the lock for writing back', async () => {
    const s = await scene();
    const first = await expectSent(s.owner, s.taskId, s.bidder.id);
    const second = await expectSent(s.bidder, s.taskId, s.owner.id);
    await expectSent(s.stranger, s.taskId, s.owner.id); // another thread

    const forOwner = chatThreadSchema.parse(
      (await chat.call('GET', `/chat/messages?taskId=${s.taskId}&partnerId=${s.bidder.id}`, { as: s.owner })).body,
    );
    expect(forOwner.items.map((m) => m.id)).toEqual([first.id, second.id]);
    expect(forOwner).toMatchObject({ total: 2, page: 1, limit: 100, lock: null });

    const forStranger = await chat.call('GET', `/chat/messages?taskId=${s.taskId}&partnerId=${s.bidder.id}`, { as: s.stranger });
    expect(forStranger.body).toMatchObject({ items: [], total: 0, lock: { code: 'carrier_only_customer', message: chatLockTexts.carrier_only_customer } });

    const paged = await chat.call('GET', `/chat/messages?taskId=${s.taskId}&partnerId=${s.bidder.id}&page=2&limit=1`, { as: s.owner });
    expect(paged.body.items.map((m: { id: number }) => m.id)).toEqual([second.id]);
  });

  it('when an admin reads the thread of two others, then they see it; a customer asking for someone else gets 403', async () => {
    const s = await scene();
    const sent = await expectSent(s.owner, s.taskId, s.bidder.id);
    const asAdmin = await chat.call('GET', `/chat/messages?taskId=${s.taskId}&partnerId=${s.bidder.id}&userId=${s.owner.id}`, { as: s.admin });
    expect(asAdmin.body.items.map((m: { id: number }) => m.id)).toEqual([sent.id]);
    const asOther = await chat.call('GET', `/chat/messages?taskId=${s.taskId}&partnerId=${s.bidder.id}&userId=${s.owner.id}`, { as: s.stranger });
    expect(asOther.status).toBe(403);
  });

  it('when identity announced the people, then threads name the partner: a carrier with company, an admin as Fragtbud, an unknown one null', async () => {
    const s = await scene({ bids: 2 });
    const other = (await chat.db('chat_task_bids').where({ task_id: s.taskId }).whereNot({ carrier_id: s.bidder.id }).first()).carrier_id as number;
    await chat.publish(eventTypes.userRegistered, { userId: s.owner.id, role: 'customer', name: 'Karen Jensen', email: 'karen@example.dk' });
    await chat.publish(eventTypes.userUpdated, { userId: s.bidder.id, name: 'Lars Hansen', email: 'lars@example.dk', company: 'Hansen Fragt ApS', role: 'carrier' });
    await chat.publish(eventTypes.userRegistered, { userId: s.admin.id, role: 'admin', name: 'Admin Person', email: 'admin@example.dk' });
    await waitFor(async () => (await chat.db('user_directory').whereIn('user_id', [s.owner.id, s.bidder.id, s.admin.id])).length === 3);
    await expectSent(s.bidder, s.taskId, s.owner.id);
    await expectSent({ ...user('carrier'), id: other }, s.taskId, s.owner.id);
    await expectSent(s.admin, s.taskId, s.owner.id);

    const forOwner = chatThreadListSchema.parse((await chat.call('GET', `/chat/threads?taskId=${s.taskId}`, { as: s.owner })).body);
    expect(new Map(forOwner.items.map((t) => [t.partner_id, t.partner_name]))).toEqual(
      new Map<number, string | null>([
        [s.bidder.id, 'Lars Hansen (Hansen Fragt ApS)'],
        [other, null],
        [s.admin.id, 'Fragtbud'],
      ]),
    );
    const forBidder = chatThreadListSchema.parse((await chat.call('GET', `/chat/threads?taskId=${s.taskId}`, { as: s.bidder })).body);
    expect(forBidder.items.map((t) => t.partner_name)).toEqual(['Karen Jensen']);
  });

  it("when the partner's account is deleted, then threads and the thread name them 'Slettet bruger', company and all", async () => {
    const s = await scene();
    await chat.publish(eventTypes.userUpdated, { userId: s.bidder.id, name: 'Lars Hansen', email: 'lars@example.dk', company: 'Hansen Fragt ApS', role: 'carrier' });
    await waitFor(() => chat.db('user_directory').where({ user_id: s.bidder.id }).first());
    await expectSent(s.bidder, s.taskId, s.owner.id);

    await chat.publish(eventTypes.userDeleted, { userId: s.bidder.id, deletedBy: s.bidder.id });
    await waitFor(async () => (await chat.db('user_directory').where({ user_id: s.bidder.id }).first())?.name === 'Slettet bruger');
    const threads = chatThreadListSchema.parse((await chat.call('GET', `/chat/threads?taskId=${s.taskId}`, { as: s.owner })).body);
    expect(threads.items.map((t) => t.partner_name)).toEqual(['Slettet bruger']);
    const thread = await chat.call('GET', `/chat/messages?taskId=${s.taskId}&partnerId=${s.bidder.id}`, { as: s.owner });
    expect(thread.body.partner).toEqual({ id: s.bidder.id, name: 'Slettet bruger' });
    expect(JSON.stringify([threads, thread.body])).not.toMatch(/Lars|Hansen/);
  });

  it('when a carrier without a bid asks for the thread without a partner, then it is the one with the task customer, named, and open for writing', async () => {
    const s = await scene();
    await chat.publish(eventTypes.userRegistered, { userId: s.owner.id, role: 'customer', name: 'Karen Jensen', email: 'karen@example.dk' });
    await waitFor(() => chat.db('user_directory').where({ user_id: s.owner.id }).first());
    const reply = await chat.call('GET', `/chat/messages?taskId=${s.taskId}`, { as: s.stranger });
    expect(reply.status).toBe(200);
    const thread = chatThreadSchema.parse(reply.body);
    expect(thread).toMatchObject({ items: [], lock: null, partner: { id: s.owner.id, name: 'Karen Jensen' } });
    // Named by id, the same thread names its partner too.
    const byId = await chat.call('GET', `/chat/messages?taskId=${s.taskId}&partnerId=${s.owner.id}`, { as: s.stranger });
    expect(byId.body.partner).toEqual({ id: s.owner.id, name: 'Karen Jensen' });
  });

  it('when a carrier may not write to the customer and has no messages, then the thread without a partner carries the lock and names nobody', async () => {
    const full = await scene({ bids: 2, maxBids: 2 });
    const atLimit = chatThreadSchema.parse((await chat.call('GET', `/chat/messages?taskId=${full.taskId}`, { as: full.stranger })).body);
    expect(atLimit).toMatchObject({ items: [], lock: { code: 'max_bids_no_bid', message: chatLockTexts.max_bids_no_bid }, partner: null });

    const chosen = await scene({ bids: 1 });
    await accept(chosen, chosen.bidder);
    const notWinner = chatThreadSchema.parse((await chat.call('GET', `/chat/messages?taskId=${chosen.taskId}`, { as: chosen.stranger })).body);
    expect(notWinner).toMatchObject({ lock: { code: 'bid_chosen', message: chatLockTexts.bid_chosen }, partner: null });
    const winner = chatThreadSchema.parse((await chat.call('GET', `/chat/messages?taskId=${chosen.taskId}`, { as: chosen.bidder })).body);
    expect(winner).toMatchObject({ lock: null, partner: { id: chosen.owner.id } });
  });

  it('when someone other than a carrier leaves out the partner, then 400 with the Danish message', async () => {
    const s = await scene();
    const reply = await chat.call('GET', `/chat/messages?taskId=${s.taskId}`, { as: s.owner });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: messages.invalidUserId });
  });

  it('when messages arrive, then the threads list counts unread per thread and in total until the receiver reads', async () => {
    const s = await scene({ bids: 2 });
    const other = (await chat.db('chat_task_bids').where({ task_id: s.taskId }).whereNot({ carrier_id: s.bidder.id }).first()).carrier_id as number;
    const otherCaller = { ...user('carrier'), id: other };
    const a1 = await expectSent(s.bidder, s.taskId, s.owner.id);
    const a2 = await expectSent(s.bidder, s.taskId, s.owner.id);
    const b1 = await expectSent(otherCaller, s.taskId, s.owner.id);
    const reply = await expectSent(s.owner, s.taskId, s.bidder.id);

    const threads = chatThreadListSchema.parse((await chat.call('GET', `/chat/threads?taskId=${s.taskId}`, { as: s.owner })).body);
    expect(threads.items.map((t) => [t.partner_id, t.last_message.id, t.unread_count])).toEqual([
      [s.bidder.id, reply.id, 2],
      [other, b1.id, 1],
    ]);
    expect(threads.unread_total).toBe(3);
    const everywhere = chatThreadListSchema.parse((await chat.call('GET', '/chat/threads', { as: s.owner })).body);
    expect(everywhere.unread_total).toBe(3);
    const bidderThreads = chatThreadListSchema.parse((await chat.call('GET', `/chat/threads?taskId=${s.taskId}`, { as: s.bidder })).body);
    expect(bidderThreads.items).toHaveLength(1);
    expect(bidderThreads.items[0]).toMatchObject({ partner_id: s.owner.id, unread_count: 1 });

    const read = await chat.call('PUT', `/chat/messages/${a1.id}/read`, { as: s.owner });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: a1.id, is_read: true });
    const again = await chat.call('PUT', `/chat/messages/${a1.id}/read`, { as: s.owner });
    expect(again.body.read_at).toBe(read.body.read_at);

    const all = await chat.call('PUT', '/chat/threads/read', { as: s.owner, body: { taskId: s.taskId, partnerId: s.bidder.id } });
    expect(all.body).toEqual({ updated: 1, message_ids: [a2.id] });
    const after = chatThreadListSchema.parse((await chat.call('GET', `/chat/threads?taskId=${s.taskId}`, { as: s.owner })).body);
    expect(after.items.map((t) => t.unread_count)).toEqual([0, 1]);
    expect(after.unread_total).toBe(1);

    const receipts = await chat.db('outbox').where({ type: eventTypes.chatMessageRead }).orderBy('seq', 'desc').limit(2);
    expect(receipts.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data).messageIds)).toEqual([[a2.id], [a1.id]]);
  });

  it('when the sender, a stranger or an admin marks a message read, then 403 / 404 and it stays unread', async () => {
    const s = await scene();
    const sent = await expectSent(s.owner, s.taskId, s.bidder.id);
    const bySender = await chat.call('PUT', `/chat/messages/${sent.id}/read`, { as: s.owner });
    expect(bySender.status).toBe(403);
    expect(bySender.body).toEqual({ code: 'forbidden', message: messages.chatReadOnlyByReceiver });
    for (const who of [s.stranger, s.admin]) {
      const reply = await chat.call('PUT', `/chat/messages/${sent.id}/read`, { as: who });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'chat_message_not_found', message: messages.chatMessageNotFound });
    }
    expect((await chat.db('chat_messages').where({ id: sent.id }).first()).read_at).toBeNull();
  });

  it.each(['abc', '0', '-1', '2147483648'])('when the message id is %s, then 400 Ugyldigt besked-id', async (badId) => {
    const reply = await chat.call('PUT', `/chat/messages/${badId}/read`, { as: user('customer') });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_chat_message_id', message: messages.invalidChatMessageId });
  });

  it.each([
    ['taskId=abc&partnerId=1', messages.invalidTaskId],
    ['partnerId=1', messages.invalidTaskId],
    ['taskId=1', messages.invalidUserId],
    ['taskId=1&partnerId=1&limit=101', messages.invalidPageLimit],
    ['taskId=1&partnerId=1&page=0', messages.invalidPage],
  ])('when GET /chat/messages?%s, then 400 with its Danish message', async (query, message) => {
    const reply = await chat.call('GET', `/chat/messages?${query}`, { as: user('customer') });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'invalid_input', message });
  });
});

describe('who may call', () => {
  const endpoints = [
    ['POST', '/chat/messages'],
    ['GET', '/chat/messages?taskId=1&partnerId=2'],
    ['GET', '/chat/threads'],
    ['PUT', '/chat/messages/1/read'],
    ['PUT', '/chat/threads/read'],
  ] as const;

  it.each(endpoints)('when %s %s is called anonymously, then 401', async (method, path) => {
    const body = method === 'GET' ? undefined : { taskId: 1, receiverId: 2, message: 'hej', partnerId: 2 };
    const reply = await chat.call(method, path, { body });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 'unauthorized', message: messages.sessionExpired });
  });

  it.each(endpoints)('when %s %s comes without an internal token, then 401', async (method, path) => {
    const reply = await chat.call(method, path, { withoutInternalToken: true, headers: { 'x-request-id': randomUUID() } });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('invalid_internal_token');
  });
});

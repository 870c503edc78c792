/**
 * Placing and changing bids: every rule of spec section 5 and its Danish message, the quote snapshot from the real
 * svc-ledger, the validity default in Copenhagen time, the task fetched from svc-tasks when no event came yet, and
 * the bid limit with all four levels (task, type, platform, 5).
 */
import {
  carrierBidSchema,
  eventTypes,
  internalBidSchema,
  messages,
  type AuthUser,
  type EventPayload,
  type InternalTask,
} from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bidBody, changeTaskStatus, createTask, startBids, user, type StartedBids } from '../test-harness';

let bids: StartedBids;
const admin = user('admin');
const customer = user('customer');

beforeAll(async () => {
  bids = await startBids();
});
afterAll(async () => {
  await bids?.close();
});
afterEach(() => {
  bids.clock.now = undefined;
  bids.fakeTasks.down = false;
});

const place = (as: AuthUser | null, body: unknown) => bids.call('POST', '/bids', { as, body });
const placedEventOf = async (bidId: number) =>
  (await bids.outboxEvents(eventTypes.bidPlaced)).find((event) => event.data.bidId === bidId)?.data;

describe('POST /bids — who may bid', () => {
  it('when an approved carrier bids on an open task, then 201 and the bid in their payout view', async () => {
    const task = await createTask(bids);
    const carrier = user('carrier');
    const reply = await place(carrier, bidBody(task.id, 1000));
    expect(reply.status).toBe(201);
    const bid = carrierBidSchema.parse(reply.body);
    expect(bid).toMatchObject({
      view: 'carrier',
      task_id: task.id,
      carrier_id: carrier.id,
      carrier_name: carrier.name,
      status: 'pending',
      price: 1000,
      carrier_list_id: null,
      carrier_fee_percentage: 10,
      carrier_fixed_fee: 0,
      quote: { view: 'carrier', net: 1000, carrierFee: 100, payoutNet: 900, payoutVat: 225, payoutGross: 1125 },
    });
  });

  it.each([
    ['a customer', user('customer')],
    ['an admin', user('admin')],
  ])('when %s bids, then 403 not_carrier', async (_, as) => {
    const task = await createTask(bids);
    const reply = await place(as, bidBody(task.id));
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 'not_carrier', message: messages.notCarrier });
  });

  it('when a carrier awaiting approval bids, then 403 with the Danish reason', async () => {
    const task = await createTask(bids);
    const reply = await place(user('carrier', { approved: false }), bidBody(task.id));
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 'carrier_not_approved', message: messages.carrierNotApproved });
  });

  it('when a blocked carrier bids, then 403 account blocked', async () => {
    const task = await createTask(bids);
    const reply = await place(user('carrier', { blocked: true }), bidBody(task.id));
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 'account_blocked', message: messages.accountBlocked });
  });

  it('when nobody is logged in, then 401', async () => {
    const task = await createTask(bids);
    const reply = await place(null, bidBody(task.id));
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe(messages.sessionExpired);
  });
});

describe('POST /bids — the task and the price', () => {
  it.each([[0], [-5], ['abc'], [null], [''], [12.345], ['1e3']])(
    'when the price is %j, then 400 "Angiv en gyldig pris først."',
    async (price) => {
      const task = await createTask(bids);
      const reply = await place(user('carrier'), bidBody(task.id, price));
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(messages.invalidPrice);
    },
  );

  it('when the price is above 10.000.000 DKK, then 400 "Prisen må højst være 10.000.000 DKK." and no bid; at the limit it is taken', async () => {
    const task = await createTask(bids);
    const carrier = user('carrier');
    const reply = await place(carrier, bidBody(task.id, 99_999_999));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Prisen må højst være 10.000.000 DKK.');
    expect(await bids.db('bids').where({ task_id: task.id }).first()).toBeUndefined();
    const atLimit = await place(carrier, bidBody(task.id, '10.000.000,00'));
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.price).toBe(10_000_000);
    const raised = await bids.call('PUT', `/bids/${atLimit.body.id}`, { as: carrier, body: { price: 10_000_000.01 } });
    expect(raised.status).toBe(400);
    expect(raised.body.message).toBe(messages.bidPriceTooHigh);
  });

  it('when the price is left out, then 400 "Angiv en gyldig pris først."', async () => {
    const task = await createTask(bids);
    const reply = await place(user('carrier'), { taskId: task.id });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(messages.invalidPrice);
  });

  it('when the price is written as text with a comma, then it is read as DKK', async () => {
    const task = await createTask(bids);
    const reply = await place(user('carrier'), bidBody(task.id, '1.234,50'.replace('.', '')));
    expect(reply.status).toBe(201);
    expect(reply.body.price).toBe(1234.5);
  });

  it('when the task id is missing or not a number, then 400 "Ugyldigt opgave-id"', async () => {
    for (const body of [{ price: 100 }, { taskId: 'abc', price: 100 }, { taskId: -3, price: 100 }]) {
      const reply = await place(user('carrier'), body);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(messages.invalidTaskId);
    }
  });

  it('when the task exists nowhere, then 404 "Opgave ikke fundet"', async () => {
    const reply = await place(user('carrier'), bidBody(987_654));
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'task_not_found', message: messages.taskNotFound });
  });

  it('when no event about the task has arrived yet, then it is fetched from svc-tasks once and the bid is taken', async () => {
    const task = await createTask(bids, { withoutEvent: true, maxBids: 2 });
    const first = await place(user('carrier'), bidBody(task.id));
    expect(first.status).toBe(201);
    expect(bids.fakeTasks.fetched.filter((id) => id === task.id)).toHaveLength(1);
    const projected = await bids.db('task_projection').where({ task_id: task.id }).first();
    expect(projected).toMatchObject({ user_id: task.user_id, status: 'open_for_bids', max_bids: 2 });
    expect((await place(user('carrier'), bidBody(task.id))).status).toBe(201);
    expect(bids.fakeTasks.fetched.filter((id) => id === task.id)).toHaveLength(1);
    expect((await place(user('carrier'), bidBody(task.id))).body.code).toBe('bid_limit_reached');
  });

  it('when svc-tasks is down and the task is unknown, then 503 with the Danish text, never 500', async () => {
    const task = await createTask(bids, { withoutEvent: true });
    bids.fakeTasks.down = true;
    const reply = await place(user('carrier'), bidBody(task.id));
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ code: 'service_unavailable', message: messages.serviceUnavailable });
  });

  it.each(['assigned', 'cancelled', 'pending_admin_review', 'completed'] as const)(
    'when the task is %s, then 409 "Opgaven er ikke åben for bud."',
    async (status) => {
      const task = await createTask(bids);
      await changeTaskStatus(bids, task, status);
      const reply = await place(user('carrier'), bidBody(task.id));
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ code: 'bidding_closed', message: messages.biddingClosed });
    },
  );

  it('when an event about a task does not fit its contract, then it is skipped and the next one still handled', async () => {
    await bids.publish(eventTypes.taskCreated, { taskId: 'nope' });
    await bids.publish(eventTypes.taskStatusChanged, { taskId: 1 });
    const task = await createTask(bids);
    expect((await place(user('carrier'), bidBody(task.id))).status).toBe(201);
  });

  it('when the task was deleted, then 404', async () => {
    const task = await createTask(bids);
    await bids.publish(eventTypes.taskDeleted, { taskId: task.id, userId: task.user_id, deletedBy: admin.id });
    await waitFor(async () => (await bids.db('task_projection').where({ task_id: task.id }).first())?.deleted === true);
    const reply = await place(user('carrier'), bidBody(task.id));
    expect(reply.status).toBe(404);
  });

  it('when the same carrier bids twice on a task, then 409 and still one bid', async () => {
    const task = await createTask(bids);
    const carrier = user('carrier');
    expect((await place(carrier, bidBody(task.id, 500))).status).toBe(201);
    const second = await place(carrier, bidBody(task.id, 400));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ code: 'already_bid', message: messages.alreadyBidOnTask });
    expect(await bids.db('bids').where({ task_id: task.id })).toHaveLength(1);
  });

  it('when a rejected carrier bids again, then 409: one bid per carrier per task, whatever its status', async () => {
    const task = await createTask(bids, { owner: customer });
    const carrier = user('carrier');
    const bid = (await place(carrier, bidBody(task.id))).body;
    expect((await bids.call('POST', `/bids/${bid.id}/reject`, { as: customer })).status).toBe(200);
    expect((await place(carrier, bidBody(task.id))).body.code).toBe('already_bid');
  });
});

describe('POST /bids — validity', () => {
  it('when no validity is given, then 14 days at 20:00 Copenhagen time (across the change to summer time)', async () => {
    bids.clock.now = new Date('2026-03-20T09:00:00Z');
    const task = await createTask(bids);
    const reply = await place(user('carrier'), bidBody(task.id));
    expect(reply.status).toBe(201);
    expect(reply.body.valid_until).toBe('2026-04-03T18:00:00.000Z');
  });

  it('when days and a time slot are chosen, then that day at that time in Copenhagen', async () => {
    bids.clock.now = new Date('2026-10-20T09:00:00Z');
    const task = await createTask(bids);
    const reply = await place(user('carrier'), bidBody(task.id, 100, { valid_days: 7, valid_time: '08:00' }));
    expect(reply.body.valid_until).toBe('2026-10-27T07:00:00.000Z');
  });

  it('when a custom date and slot are given, then that moment', async () => {
    const task = await createTask(bids);
    bids.clock.now = new Date('2026-06-01T09:00:00Z');
    const reply = await place(user('carrier'), bidBody(task.id, 100, { valid_until: '2026-06-05T16:00' }));
    expect(reply.status).toBe(201);
    expect(reply.body.valid_until).toBe('2026-06-05T14:00:00.000Z');
  });

  it('when valid_until lies in the past, then 400 with the Danish text', async () => {
    const task = await createTask(bids);
    const reply = await place(user('carrier'), bidBody(task.id, 100, { valid_until: '2020-01-01T10:00:00Z' }));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(messages.bidValidUntilPast);
    expect(reply.body.details).toEqual([{ path: 'valid_until', message: messages.bidValidUntilPast }]);
  });

  it('when valid_until is more than a year away or not a date, then 400', async () => {
    const task = await createTask(bids);
    const far = await place(user('carrier'), bidBody(task.id, 100, { valid_until: '2099-01-01' }));
    expect(far.status).toBe(400);
    expect(far.body.message).toBe(messages.bidValidUntilTooFar);
    const garbage = await place(user('carrier'), bidBody(task.id, 100, { valid_until: 'i morgen' }));
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toBe(messages.bidValidUntilInvalid);
  });
});

describe('POST /bids — the quote snapshot', () => {
  it('when the carrier is on a list, then the bid keeps that list, its fee and the platform settings in force', async () => {
    const carrier = user('carrier');
    const lists = (await bids.ledger.call('GET', '/admin/carrier-lists', { as: admin })).body.items as { id: number; name: string }[];
    const listB = lists.find((list) => list.name === 'B')!;
    await bids.ledger.call('PUT', `/admin/carrier-lists/${listB.id}`, { as: admin, body: { feePercentage: 7.5, fixedFee: 12 } });
    await bids.ledger.call('POST', '/admin/carrier-lists/assignments', { as: admin, body: { userId: carrier.id, listId: listB.id } });
    const task = await createTask(bids);

    const reply = await place(carrier, bidBody(task.id, 2000));
    expect(reply.body).toMatchObject({ carrier_list_id: listB.id, carrier_fee_percentage: 7.5, carrier_fixed_fee: 12 });
    expect(reply.body.quote).toEqual({ view: 'carrier', net: 2000, carrierFee: 162, payoutNet: 1838, payoutVat: 459.5, payoutGross: 2297.5 });

    const internal = internalBidSchema.parse((await bids.call('GET', `/internal/bids/${reply.body.id}`, { service: 'payments' })).body);
    expect(internal).toMatchObject({
      netOre: 200_000,
      carrierList: { id: listB.id, name: 'B' },
      carrierFee: { feePercentage: 7.5, fixedFeeOre: 1200 },
      settings: { feePercentage: 10, fixedFeeOre: 2000, vatPercentage: 25, minFeeOre: 3000 },
      maxBids: 5,
      quote: {
        netOre: 200_000,
        platformFeeOre: 20_000,
        smallFeeOre: 2000,
        subtotalBeforeVatOre: 222_000,
        vatOre: 55_500,
        totalOre: 277_500,
        carrierFeeOre: 16_200,
        payoutNetOre: 183_800,
        payoutGrossOre: 229_750,
      },
    });

    // Fees changed later do not change a bid already placed.
    await bids.ledger.call('PUT', `/admin/carrier-lists/${listB.id}`, { as: admin, body: { feePercentage: 20 } });
    const again = internalBidSchema.parse((await bids.call('GET', `/internal/bids/${reply.body.id}`, { service: 'payments' })).body);
    expect(again.carrierFee.feePercentage).toBe(7.5);
  });

  it('when a bid is placed, then bids.bid.placed carries the net, the gross total, the round and the task\'s type and cities', async () => {
    const task = await createTask(bids);
    const carrier = user('carrier');
    const reply = await place(carrier, bidBody(task.id, 1000));
    expect(await placedEventOf(reply.body.id)).toEqual({
      bidId: reply.body.id,
      taskId: task.id,
      carrierId: carrier.id,
      customerId: task.user_id,
      netOre: 100_000,
      totalOre: 140_000,
      validUntil: reply.body.valid_until,
      carrierListId: null,
      maxBids: 5,
      activeBidCount: 1,
      type: 'moving',
      fromCity: 'Aarhus C',
      toCity: 'København K',
    } satisfies EventPayload<typeof eventTypes.bidPlaced>);
  });
});

describe('POST /bids — the task named in bids.bid.placed', () => {
  const edit = (task: InternalTask, changes: Partial<EventPayload<typeof eventTypes.taskUpdated>>) =>
    bids.publish(eventTypes.taskUpdated, {
      taskId: task.id,
      userId: task.user_id,
      type: task.type,
      status: task.status,
      changed: ['to_address', 'to_postal_code', 'to_city'],
      updatedBy: task.user_id ?? admin.id,
      ...changes,
    } satisfies EventPayload<typeof eventTypes.taskUpdated>);

  it('when the owner edits the type and destination, then the next bid names the task by the new ones', async () => {
    const task = await createTask(bids);
    expect(await placedEventOf((await place(user('carrier'), bidBody(task.id))).body.id)).toMatchObject({
      type: 'moving',
      toCity: 'København K',
    });
    await edit(task, { type: 'furniture', changed: ['type', 'to_address', 'to_city'], fromCity: 'Aarhus C', toCity: 'Odense C' });
    await waitFor(async () => (await bids.db('task_projection').where({ task_id: task.id }).first())?.to_city === 'Odense C');

    expect(await placedEventOf((await place(user('carrier'), bidBody(task.id))).body.id)).toMatchObject({
      type: 'furniture',
      fromCity: 'Aarhus C',
      toCity: 'Odense C',
    });
  });

  it('when an edit names no cities (an owner attached), then they stay; when it changed one without saying to what, that one is unknown', async () => {
    const task = await createTask(bids);
    const projected = () => bids.db('task_projection').where({ task_id: task.id }).first();
    await edit(task, { changed: ['user_id'] });
    await edit(task, { changed: ['to_address', 'to_city'] });
    await waitFor(async () => (await projected())?.to_city === null);
    expect(await projected()).toMatchObject({ from_city: 'Aarhus C', to_city: null });

    const data = await placedEventOf((await place(user('carrier'), bidBody(task.id))).body.id);
    expect(data).toMatchObject({ type: 'moving', fromCity: 'Aarhus C' });
    expect(data).not.toHaveProperty('toCity');
  });

  it('when a status change carries the cities, then they are kept; one without them leaves them as they are', async () => {
    const task = await createTask(bids);
    await bids.publish(eventTypes.taskStatusChanged, {
      taskId: task.id,
      userId: task.user_id,
      type: task.type,
      from: 'open_for_bids',
      to: 'open_for_bids',
      assignedCarrierId: null,
      changedBy: null,
      fromCity: 'Vejle',
      toCity: 'Aalborg',
    } satisfies EventPayload<typeof eventTypes.taskStatusChanged>);
    await waitFor(async () => (await bids.db('task_projection').where({ task_id: task.id }).first())?.from_city === 'Vejle');
    await changeTaskStatus(bids, task, 'assigned');
    await changeTaskStatus(bids, task, 'open_for_bids');
    expect(await bids.db('task_projection').where({ task_id: task.id }).first()).toMatchObject({ from_city: 'Vejle', to_city: 'Aalborg' });
  });

  it('when the task was fetched from svc-tasks (no event yet), then it has no cities and the event names only its type', async () => {
    const task = await createTask(bids, { withoutEvent: true, type: 'courier' });
    const reply = await place(user('carrier'), bidBody(task.id));
    expect(reply.status).toBe(201);
    expect(await bids.db('task_projection').where({ task_id: task.id }).first()).toMatchObject({ from_city: null, to_city: null });
    const data = await placedEventOf(reply.body.id);
    expect(data).toMatchObject({ type: 'courier' });
    expect(data).not.toHaveProperty('fromCity');
    expect(data).not.toHaveProperty('toCity');
  });
});

describe('POST /bids — the bid limit: the task’s, else the type’s, else the platform’s, else 5', () => {
  async function fill(taskId: number, count: number) {
    for (let i = 0; i < count; i++) expect((await place(user('carrier'), bidBody(taskId, 100 + i))).status).toBe(201);
  }
  async function expectFull(taskId: number) {
    const refused = await place(user('carrier'), bidBody(taskId));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'bid_limit_reached', message: messages.bidLimitReached });
  }

  it('when a pending bid has expired, then it no longer holds a slot: another carrier may bid, and the round counts it out', async () => {
    const task = await createTask(bids, { maxBids: 1 });
    expect((await place(user('carrier'), bidBody(task.id, 100, { valid_days: 1 }))).status).toBe(201);
    await expectFull(task.id);
    bids.clock.now = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const round = await bids.call('GET', `/tasks/${task.id}/bids`, { as: admin });
    expect(round.body.bidding).toMatchObject({ bid_count: 0, max_bids: 1, bidding_open: true });
    expect((await place(user('carrier'), bidBody(task.id, 120))).status).toBe(201);
    await expectFull(task.id);
  });

  it('when nothing is set anywhere, then 5', async () => {
    const task = await createTask(bids, { type: 'courier' });
    await fill(task.id, 5);
    await expectFull(task.id);
  });

  it('when the platform says 4, then 4', async () => {
    await bids.ledger.call('PUT', '/admin/platform-settings', { as: admin, body: { maxBids: 4 } });
    try {
      const task = await createTask(bids, { type: 'courier' });
      await fill(task.id, 4);
      await expectFull(task.id);
      const listed = await bids.call('GET', `/tasks/${task.id}/bids`, { as: admin });
      await waitFor(async () => (await bids.db('platform_limits').first())?.max_bids === 4);
      expect((await bids.call('GET', `/tasks/${task.id}/bids`, { as: admin })).body.bidding).toMatchObject({ bid_count: 4, max_bids: 4, bidding_open: false });
      expect(listed.body.items).toHaveLength(4);
    } finally {
      await bids.ledger.call('PUT', '/admin/platform-settings', { as: admin, body: { maxBids: 5 } });
      await waitFor(async () => (await bids.db('platform_limits').first())?.max_bids === 5);
    }
  });

  it('when the task’s type says 3, then 3 — over the platform’s; once the type’s limit is gone, the platform’s again', async () => {
    await bids.publish(eventTypes.taskTypeUpdated, { type: 'furniture', maxBids: 3, updatedBy: admin.id });
    await waitFor(() => bids.db('task_type_limits').where({ type: 'furniture' }).first());
    const task = await createTask(bids, { type: 'furniture' });
    await fill(task.id, 3);
    await expectFull(task.id);

    await bids.publish(eventTypes.taskTypeDeleted, { type: 'furniture', deletedBy: admin.id });
    await waitFor(async () => !(await bids.db('task_type_limits').where({ type: 'furniture' }).first()));
    await fill(task.id, 2);
    await expectFull(task.id);
  });

  it('when the task has its own limit of 2, then 2 — over its type’s', async () => {
    await bids.publish(eventTypes.taskTypeUpdated, { type: 'fullload', maxBids: 3, updatedBy: admin.id });
    await waitFor(() => bids.db('task_type_limits').where({ type: 'fullload' }).first());
    const task = await createTask(bids, { type: 'fullload', maxBids: 2 });
    await fill(task.id, 2);
    await expectFull(task.id);
    expect(await bids.db('bids').where({ task_id: task.id }).pluck('max_bids')).toEqual([2, 2]);
  });

  it('when svc-tasks says the task’s limit changed without saying to what, then it is fetched before the next bid', async () => {
    const task = await createTask(bids, { type: 'package' });
    await fill(task.id, 1);
    task.max_bids = 1;
    await bids.publish(eventTypes.taskUpdated, {
      taskId: task.id,
      userId: task.user_id,
      type: task.type,
      status: task.status,
      changed: ['max_bids'],
      updatedBy: admin.id,
    } satisfies EventPayload<typeof eventTypes.taskUpdated>);
    await waitFor(async () => (await bids.db('task_projection').where({ task_id: task.id }).first())?.needs_refresh === true);
    await expectFull(task.id);
  });

  it('when a bid is rejected, then its slot frees up', async () => {
    const owner = user('customer');
    const task = await createTask(bids, { owner, maxBids: 1 });
    const first = await place(user('carrier'), bidBody(task.id));
    await expectFull(task.id);
    await bids.call('POST', `/bids/${first.body.id}/reject`, { as: owner });
    expect((await place(user('carrier'), bidBody(task.id))).status).toBe(201);
  });
});

describe('PUT /bids/{id}', () => {
  it('when the carrier changes the price of a pending bid, then it is quoted again and bids.bid.updated follows', async () => {
    const task = await createTask(bids);
    const carrier = user('carrier');
    const bid = (await place(carrier, bidBody(task.id, 1000))).body;
    const reply = await bids.call('PUT', `/bids/${bid.id}`, { as: carrier, body: { price: 800, valid_days: 3 } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: bid.id, price: 800, quote: { net: 800, payoutNet: 720 } });
    expect(reply.body.valid_until).not.toBe(bid.valid_until);
    const events = (await bids.outboxEvents(eventTypes.bidUpdated)).filter((e) => e.data.bidId === bid.id);
    expect(events.map((e) => e.data.totalOre)).toEqual([112_500]);
  });

  it('when only the validity changes, then the price stays', async () => {
    const task = await createTask(bids);
    const carrier = user('carrier');
    const bid = (await place(carrier, bidBody(task.id, 1000))).body;
    const reply = await bids.call('PUT', `/bids/${bid.id}`, { as: carrier, body: { valid_until: '2099-01-01' } });
    expect(reply.status).toBe(400);
    const ok = await bids.call('PUT', `/bids/${bid.id}`, { as: carrier, body: { validDays: 1 } });
    expect(ok.status).toBe(200);
    expect(ok.body.price).toBe(1000);
  });

  it('when another carrier, the customer or an admin changes it, then 403', async () => {
    const owner = user('customer');
    const task = await createTask(bids, { owner });
    const bid = (await place(user('carrier'), bidBody(task.id))).body;
    for (const as of [user('carrier'), owner, admin]) {
      const reply = await bids.call('PUT', `/bids/${bid.id}`, { as, body: { price: 10 } });
      expect(reply.status).toBe(403);
    }
  });

  it('when the bid is no longer pending, then 409', async () => {
    const owner = user('customer');
    const task = await createTask(bids, { owner });
    const carrier = user('carrier');
    const bid = (await place(carrier, bidBody(task.id))).body;
    await bids.call('POST', `/bids/${bid.id}/reject`, { as: owner });
    const reply = await bids.call('PUT', `/bids/${bid.id}`, { as: carrier, body: { price: 10 } });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'bid_not_pending', message: messages.bidNotPending });
  });

  it('when the price is bad or nothing is given, then 400 with the Danish text', async () => {
    const task = await createTask(bids);
    const carrier = user('carrier');
    const bid = (await place(carrier, bidBody(task.id))).body;
    expect((await bids.call('PUT', `/bids/${bid.id}`, { as: carrier, body: { price: -1 } })).body.message).toBe(messages.invalidPrice);
    expect((await bids.call('PUT', `/bids/${bid.id}`, { as: carrier, body: {} })).body.message).toBe(messages.noChangesGiven);
  });

  it('when the bid does not exist, then 404 bid_not_found', async () => {
    const reply = await bids.call('PUT', '/bids/99999999', { as: user('carrier'), body: { price: 10 } });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'bid_not_found', message: messages.bidNotFound });
  });
});

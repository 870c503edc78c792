/**
 * Seeing and choosing bids: the views per role (cut on the server), the lists per caller, accept (idempotent, once per
 * task, also when two choices race), reject, POST /tasks/{id}/assign, the internal snapshot and a reopened task.
 */
import {
  adminBidSchema,
  bidsPageSchema,
  carrierBidSchema,
  customerBidSchema,
  eventTypes,
  internalBidSchema,
  messages,
  type AuthUser,
  type InternalTask,
} from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bidBody, changeTaskStatus, createTask, keysOf, startBids, user, type StartedBids } from '../test-harness';

let bids: StartedBids;
const admin = user('admin');

beforeAll(async () => {
  bids = await startBids();
});
afterAll(async () => {
  await bids?.close();
});
afterEach(() => {
  bids.clock.now = undefined;
});

interface Round {
  owner: AuthUser;
  task: InternalTask;
  carriers: AuthUser[];
  bidIds: number[];
}

/** A task of a new owner with a pending bid from each of `count` new carriers (1000, 1100, … DKK). */
async function round(count = 3): Promise<Round> {
  const owner = user('customer');
  const task = await createTask(bids, { owner });
  const carriers: AuthUser[] = [];
  const bidIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const carrier = user('carrier');
    const reply = await bids.call('POST', '/bids', { as: carrier, body: bidBody(task.id, 1000 + 100 * i) });
    expect(reply.status).toBe(201);
    carriers.push(carrier);
    bidIds.push(reply.body.id);
  }
  return { owner, task, carriers, bidIds };
}

const hiddenFromCustomers = [
  'price',
  'net',
  'netore',
  'payoutnet',
  'payoutgross',
  'payoutvat',
  'carrierfee',
  'platformfee',
  'subtotalbeforevat',
  'carrier_fee_percentage',
  'carrier_fixed_fee',
  'carrier_list_id',
  'platform_settings',
];

describe('what each role sees', () => {
  it('when the task owner lists the bids, then each shows the gross total, VAT and small fee — no net, fee or payout', async () => {
    const { owner, task } = await round(2);
    const reply = await bids.call('GET', `/tasks/${task.id}/bids`, { as: owner });
    expect(reply.status).toBe(200);
    const page = bidsPageSchema.parse(reply.body);
    expect(page.items.map((bid) => customerBidSchema.parse(bid).quote)).toEqual([
      { view: 'customer', total: 1400, vat: 280, smallFee: 20 },
      { view: 'customer', total: 1537.5, vat: 307.5, smallFee: 20 },
    ]);
    const keys = keysOf(reply.body.items);
    for (const hidden of hiddenFromCustomers) expect(keys).not.toContain(hidden);
    expect(page.bidding).toEqual({ task_id: task.id, status: 'open_for_bids', bid_count: 2, max_bids: 5, bidding_open: true });
  });

  it('when a carrier lists a task’s bids, then only their own, with their payout', async () => {
    const { task, carriers, bidIds } = await round(3);
    const reply = await bids.call('GET', `/bids?taskId=${task.id}`, { as: carriers[1]! });
    expect(reply.body.items).toHaveLength(1);
    const own = carrierBidSchema.parse(reply.body.items[0]);
    expect(own).toMatchObject({ id: bidIds[1], price: 1100, quote: { payoutNet: 990, payoutGross: 1237.5 } });
    expect(keysOf(own)).not.toContain('total');
    expect(reply.body.bidding).toMatchObject({ bid_count: 3, max_bids: 5, bidding_open: true });
  });

  it('when a carrier lists all bids, then only their own across tasks; asking for another carrier’s is 403', async () => {
    const first = await round(1);
    const carrier = first.carriers[0]!;
    const other = await createTask(bids);
    await bids.call('POST', '/bids', { as: carrier, body: bidBody(other.id, 300) });
    await bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(other.id, 200) });
    const mine = await bids.call('GET', '/bids', { as: carrier });
    expect(mine.body.items.map((bid: { carrier_id: number }) => bid.carrier_id)).toEqual([carrier.id, carrier.id]);
    expect((await bids.call('GET', `/bids?carrierId=${carrier.id}`, { as: carrier })).body.total).toBe(2);
    const theirs = await bids.call('GET', `/bids?carrierId=${carrier.id + 1}`, { as: carrier });
    expect(theirs.status).toBe(403);
  });

  it('when a carrier lists their bids on several tasks (taskIds), then their own on those tasks only, as payouts', async () => {
    const first = await round(1);
    const carrier = first.carriers[0]!;
    const second = await createTask(bids);
    const third = await createTask(bids);
    await bids.call('POST', '/bids', { as: carrier, body: bidBody(second.id, 2000) });
    await bids.call('POST', '/bids', { as: carrier, body: bidBody(third.id, 3000) });
    await bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(second.id, 1500) });
    const reply = await bids.call('GET', `/bids?taskIds=${first.task.id},${second.id}`, { as: carrier });
    expect(reply.status).toBe(200);
    const listed = bidsPageSchema.parse(reply.body).items.map((bid) => carrierBidSchema.parse(bid));
    expect(listed.map((bid) => [bid.task_id, bid.carrier_id, bid.quote.payoutGross])).toEqual([
      [first.task.id, carrier.id, 1125],
      [second.id, carrier.id, 2250],
    ]);
    // The task owner's own cut holds too: only bids on their tasks.
    const owners = await bids.call('GET', `/bids?taskIds=${first.task.id},${second.id}`, { as: first.owner });
    expect(owners.body.items.map((bid: { task_id: number }) => bid.task_id)).toEqual([first.task.id]);
    for (const bad of ['x', '1,,2', '0', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const refused = await bids.call('GET', `/bids?taskIds=${bad}`, { as: carrier });
      expect(refused.status, bad).toBe(400);
    }
  });

  it('when an admin lists or gets a bid, then the full breakdown', async () => {
    const { task, bidIds, owner } = await round(1);
    const listed = await bids.call('GET', `/bids?taskId=${task.id}`, { as: admin });
    const bid = adminBidSchema.parse(listed.body.items[0]);
    expect(bid).toMatchObject({
      id: bidIds[0],
      customer_id: owner.id,
      price: 1000,
      max_bids: 5,
      platform_settings: { fee_percentage: 10, fixed_fee: 20, vat_percentage: 25, min_fee: 30 },
      quote: { view: 'admin', net: 1000, platformFee: 100, smallFee: 20, subtotalBeforeVat: 1120, vat: 280, total: 1400, carrierFee: 100, payoutNet: 900, payoutVat: 225, payoutGross: 1125 },
    });
    expect((await bids.call('GET', `/bids/${bidIds[0]}`, { as: admin })).body).toEqual(listed.body.items[0]);
  });

  it('when a customer who does not own the task looks, then 403 — and their own list is empty', async () => {
    const { task, bidIds } = await round(1);
    const stranger = user('customer');
    expect((await bids.call('GET', `/tasks/${task.id}/bids`, { as: stranger })).status).toBe(403);
    expect((await bids.call('GET', `/bids/${bidIds[0]}`, { as: stranger })).status).toBe(403);
    expect((await bids.call('GET', '/bids', { as: stranger })).body).toEqual({ items: [], total: 0, page: 1, limit: 100 });
  });

  it('when another carrier gets a bid that is not theirs, then 403', async () => {
    const { bidIds } = await round(1);
    const reply = await bids.call('GET', `/bids/${bidIds[0]}`, { as: user('carrier') });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 'forbidden', message: messages.forbidden });
  });

  it('when the owner lists all their bids, then the bids on each of their tasks, in the customer view', async () => {
    const owner = user('customer');
    const a = await createTask(bids, { owner });
    const b = await createTask(bids, { owner });
    await bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(a.id) });
    await bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(b.id) });
    const reply = await bids.call('GET', '/bids', { as: owner });
    expect(reply.body.items.map((bid: { task_id: number; view: string }) => [bid.task_id, bid.view])).toEqual([
      [a.id, 'customer'],
      [b.id, 'customer'],
    ]);
  });

  it('when a list is paged, then total and the page say so', async () => {
    const { owner, task } = await round(3);
    const reply = await bids.call('GET', `/tasks/${task.id}/bids?page=2&limit=2`, { as: owner });
    expect(reply.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(reply.body.items).toHaveLength(1);
  });
});

describe('POST /bids/{id}/accept', () => {
  it('when the owner chooses a bid, then it is accepted, the others rejected, the task assigned — with the events', async () => {
    const { owner, task, carriers, bidIds } = await round(3);
    const reply = await bids.call('POST', `/bids/${bidIds[1]}/accept`, { as: owner });
    expect(reply.status).toBe(200);
    expect(customerBidSchema.parse(reply.body)).toMatchObject({ id: bidIds[1], status: 'accepted' });

    const stored = await bids.db('bids').where({ task_id: task.id }).orderBy('id').select('id', 'status', 'rejection_reason');
    expect(stored).toEqual([
      { id: bidIds[0], status: 'rejected', rejection_reason: 'other_bid_accepted' },
      { id: bidIds[1], status: 'accepted', rejection_reason: null },
      { id: bidIds[2], status: 'rejected', rejection_reason: 'other_bid_accepted' },
    ]);
    expect(await bids.db('task_projection').where({ task_id: task.id }).first()).toMatchObject({
      status: 'assigned',
      assigned_carrier_id: carriers[1]!.id,
    });

    const accepted = (await bids.outboxEvents(eventTypes.bidAccepted)).filter((e) => e.data.taskId === task.id);
    expect(accepted.map((e) => e.data)).toEqual([
      {
        bidId: bidIds[1],
        taskId: task.id,
        carrierId: carriers[1]!.id,
        customerId: owner.id,
        netOre: 110_000,
        totalOre: 153_750,
        acceptedBy: owner.id,
        rejectedBidIds: [bidIds[0], bidIds[2]],
        // The task named, so the chosen carrier's mail says which one.
        type: 'moving',
        fromCity: 'Aarhus C',
        toCity: 'København K',
      },
    ]);
    const rejected = (await bids.outboxEvents(eventTypes.bidRejected)).filter((e) => e.data.taskId === task.id);
    expect(rejected.map((e) => [e.data.bidId, e.data.reason, e.data.rejectedBy])).toEqual([
      [bidIds[0], 'other_bid_accepted', null],
      [bidIds[2], 'other_bid_accepted', null],
    ]);
  });

  it('when the owner looks after choosing, then they see only the accepted bid', async () => {
    const { owner, task, bidIds } = await round(3);
    await bids.call('POST', `/bids/${bidIds[2]}/accept`, { as: owner });
    const listed = await bids.call('GET', `/tasks/${task.id}/bids`, { as: owner });
    expect(listed.body.items.map((bid: { id: number }) => bid.id)).toEqual([bidIds[2]]);
    // The count stays what the round counted before the choice: the chosen bid and the two it beat.
    expect(listed.body.bidding).toMatchObject({ status: 'assigned', bid_count: 3, bidding_open: false });
    expect((await bids.call('GET', '/bids', { as: owner })).body.total).toBe(1);
    expect((await bids.call('GET', `/bids/${bidIds[0]}`, { as: owner })).status).toBe(404);
    expect((await bids.call('GET', `/bids/${bidIds[2]}`, { as: owner })).status).toBe(200);
    // The admin still sees all of them, the losing carrier their own rejected bid.
    expect((await bids.call('GET', `/tasks/${task.id}/bids`, { as: admin })).body.items).toHaveLength(3);
  });

  it('when a bid is chosen, then the count keeps the bids that held a slot then — not those rejected or lapsed before', async () => {
    const { owner, task, bidIds } = await round(4);
    expect((await bids.call('POST', `/bids/${bidIds[0]}/reject`, { as: owner })).status).toBe(200);
    // bidIds[3] lapses before the choice: no longer valid when another bid is chosen.
    await bids.db('bids').where({ id: bidIds[3] }).update({ valid_until: new Date(Date.now() - 60_000) });
    const before = await bids.call('GET', `/tasks/${task.id}/bids`, { as: owner });
    expect(before.body.bidding).toMatchObject({ bid_count: 2, bidding_open: true });

    expect((await bids.call('POST', `/bids/${bidIds[1]}/accept`, { as: owner })).status).toBe(200);
    for (const viewer of [owner, admin]) {
      const after = await bids.call('GET', `/tasks/${task.id}/bids`, { as: viewer });
      expect(after.body.bidding).toMatchObject({ status: 'assigned', bid_count: 2, bidding_open: false });
    }
  });

  it('when the accepted bid is accepted again, then 200 with the same bid and no second event', async () => {
    const { owner, task, bidIds } = await round(2);
    const first = await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner });
    const again = await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await bids.outboxEvents(eventTypes.bidAccepted)).filter((e) => e.data.taskId === task.id)).toHaveLength(1);
  });

  it('when another bid is chosen once one is accepted, then 409', async () => {
    const owner = user('customer');
    const task = await createTask(bids, { owner });
    const a = (await bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(task.id) })).body;
    const b = (await bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(task.id) })).body;
    await bids.call('POST', `/bids/${a.id}/accept`, { as: owner });
    const reply = await bids.call('POST', `/bids/${b.id}/accept`, { as: owner });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'other_bid_accepted', message: messages.otherBidAccepted });
  });

  // PGlite has one connection, so nothing overlaps there and the test would pass whatever the locking: PostgreSQL only.
  it.skipIf(!process.env.TEST_DATABASE_URL)('when the owner chooses two bids at the same moment, then exactly one is accepted', async () => {
    const { owner, task, bidIds } = await round(4);
    const replies = await Promise.all(bidIds.map((id) => bids.call('POST', `/bids/${id}/accept`, { as: owner })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await bids.db('bids').where({ task_id: task.id, status: 'accepted' })).toHaveLength(1);
  });

  it('when a bid is accepted, then nobody can bid on the task any more', async () => {
    const { owner, task, bidIds } = await round(1);
    await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner });
    const reply = await bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(task.id) });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('bidding_closed');
  });

  it('when an admin chooses, then 200; a carrier, a stranger or a blocked owner gets 403', async () => {
    const { owner, bidIds, carriers } = await round(2);
    for (const as of [carriers[0]!, user('customer'), { ...owner, blocked: true }]) {
      expect((await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as })).status).toBe(403);
    }
    const reply = await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: admin });
    expect(reply.status).toBe(200);
    expect(adminBidSchema.parse(reply.body).status).toBe('accepted');
  });

  it('when the task is a guest’s, then only an admin chooses', async () => {
    const task = await createTask(bids, { owner: null });
    const bid = (await bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(task.id) })).body;
    expect((await bids.call('POST', `/bids/${bid.id}/accept`, { as: user('customer') })).status).toBe(403);
    expect((await bids.call('POST', `/bids/${bid.id}/accept`, { as: admin })).status).toBe(200);
  });

  it('when the bid does not exist, then 404 bid_not_found', async () => {
    const reply = await bids.call('POST', '/bids/77777777/accept', { as: user('customer') });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'bid_not_found', message: messages.bidNotFound });
  });

  it('when the bid has expired, then 409 bid_expired', async () => {
    const { owner, bidIds } = await round(1);
    bids.clock.now = new Date(Date.now() + 15 * 24 * 3600 * 1000);
    const reply = await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'bid_expired', message: messages.bidExpired });
  });

  it('when the task was cancelled meanwhile, then 409 and the bid stays pending', async () => {
    const { owner, task, bidIds } = await round(1);
    await changeTaskStatus(bids, task, 'cancelled');
    const reply = await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'task_not_open', message: messages.taskCannotBeAssigned });
    expect(await bids.db('bids').where({ id: bidIds[0] }).first()).toMatchObject({ status: 'pending' });
  });

  it('when a rejected bid is chosen, then 409 bid_not_pending', async () => {
    const { owner, bidIds } = await round(1);
    await bids.call('POST', `/bids/${bidIds[0]}/reject`, { as: owner });
    const reply = await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('bid_not_pending');
  });
});

describe('POST /bids/{id}/accept with the total the customer was shown', () => {
  async function shownTotal(owner: AuthUser, bidId: number): Promise<number> {
    return customerBidSchema.parse((await bids.call('GET', `/bids/${bidId}`, { as: owner })).body).quote.total;
  }

  it('when the expected total is the bid’s total, then the bid is accepted', async () => {
    const { owner, bidIds } = await round(1);
    const reply = await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner, body: { expectedTotal: await shownTotal(owner, bidIds[0]!) } });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('accepted');
  });

  it('when the carrier changed the price after the customer saw it, then 409 bid_changed and nothing is accepted', async () => {
    const { owner, task, carriers, bidIds } = await round(1);
    const seen = await shownTotal(owner, bidIds[0]!);
    expect((await bids.call('PUT', `/bids/${bidIds[0]}`, { as: carriers[0], body: { price: 1500 } })).status).toBe(200);

    const reply = await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner, body: { expectedTotal: seen } });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'bid_changed', message: messages.bidChanged });
    expect(await bids.db('bids').where({ task_id: task.id, status: 'accepted' })).toHaveLength(0);

    const again = await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner, body: { expectedTotal: await shownTotal(owner, bidIds[0]!) } });
    expect(again.status).toBe(200);
  });

  it('when POST /tasks/{id}/assign carries an old total, then 409 bid_changed too', async () => {
    const { owner, task, carriers, bidIds } = await round(1);
    const seen = await shownTotal(owner, bidIds[0]!);
    await bids.call('PUT', `/bids/${bidIds[0]}`, { as: carriers[0], body: { price: 2500 } });
    const reply = await bids.call('POST', `/tasks/${task.id}/assign`, { as: owner, body: { bid_id: bidIds[0], expectedTotal: seen } });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('bid_changed');
  });

  it('when the expected total is not an amount, then 400 with a Danish message', async () => {
    const { owner, bidIds } = await round(1);
    for (const expectedTotal of ['abc', -5, 12.345, { a: 1 }]) {
      const reply = await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner, body: { expectedTotal } });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: 'invalid_input', message: messages.invalidExpectedTotal });
    }
  });
});

describe('POST /tasks/{id}/assign', () => {
  it('when the owner assigns the task with {carrier_id, bid_id}, then that bid is accepted', async () => {
    const { owner, task, carriers, bidIds } = await round(2);
    const reply = await bids.call('POST', `/tasks/${task.id}/assign`, { as: owner, body: { carrier_id: carriers[1]!.id, bid_id: bidIds[1] } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: bidIds[1], status: 'accepted' });
  });

  it('when the carrier is not the bid’s, then 400; a bid of another task, 404; no bid id, 400', async () => {
    const { owner, task, carriers, bidIds } = await round(2);
    const other = await round(1);
    const mismatch = await bids.call('POST', `/tasks/${task.id}/assign`, { as: owner, body: { carrier_id: carriers[0]!.id, bid_id: bidIds[1] } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(messages.bidCarrierMismatch);
    const elsewhere = await bids.call('POST', `/tasks/${task.id}/assign`, { as: owner, body: { bid_id: other.bidIds[0] } });
    expect(elsewhere.status).toBe(404);
    const missing = await bids.call('POST', `/tasks/${task.id}/assign`, { as: owner, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.invalidBidId);
  });
});

describe('POST /bids/{id}/reject', () => {
  it('when the owner rejects a pending bid, then it is rejected with bids.bid.rejected; again, the same answer', async () => {
    const { owner, bidIds } = await round(1);
    const reply = await bids.call('POST', `/bids/${bidIds[0]}/reject`, { as: owner });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ view: 'customer', status: 'rejected' });
    const again = await bids.call('POST', `/bids/${bidIds[0]}/reject`, { as: owner });
    expect(again.body).toEqual(reply.body);
    const events = (await bids.outboxEvents(eventTypes.bidRejected)).filter((e) => e.data.bidId === bidIds[0]);
    expect(events.map((e) => [e.data.reason, e.data.rejectedBy])).toEqual([['rejected', owner.id]]);
  });

  it('when the bid is accepted, then 409; a carrier or a stranger, 403; an admin, fine', async () => {
    const { owner, bidIds, carriers } = await round(2);
    await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner });
    expect((await bids.call('POST', `/bids/${bidIds[0]}/reject`, { as: owner })).status).toBe(409);
    const fresh = await round(1);
    expect((await bids.call('POST', `/bids/${fresh.bidIds[0]}/reject`, { as: carriers[1]! })).status).toBe(403);
    expect((await bids.call('POST', `/bids/${fresh.bidIds[0]}/reject`, { as: fresh.carriers[0]! })).status).toBe(403);
    expect((await bids.call('POST', `/bids/${fresh.bidIds[0]}/reject`, { as: user('customer') })).status).toBe(403);
    expect((await bids.call('POST', `/bids/${fresh.bidIds[0]}/reject`, { as: admin })).status).toBe(200);
  });
});

describe('a task reopened after its bid was accepted', () => {
  it('when an admin moves an assigned task back to open for bids, then the accepted bid is withdrawn and bidding reopens', async () => {
    const { owner, task, bidIds } = await round(2);
    await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner });
    task.status = 'assigned';
    await changeTaskStatus(bids, task, 'open_for_bids', { occurredAt: new Date(Date.now() + 1000) });
    await waitFor(async () => (await bids.db('bids').where({ id: bidIds[0] }).first())?.status === 'rejected');
    expect(await bids.db('bids').where({ id: bidIds[0] }).first()).toMatchObject({ rejection_reason: 'task_reopened' });
    const events = (await bids.outboxEvents(eventTypes.bidRejected)).filter((e) => e.data.bidId === bidIds[0]);
    expect(events.map((e) => e.data.reason)).toEqual(['task_reopened']);
    expect((await bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(task.id) })).status).toBe(201);
  });

  it('when a status event from before the acceptance arrives late, then the acceptance stands', async () => {
    const { owner, task, bidIds } = await round(1);
    const before = new Date(Date.now() - 60_000);
    await bids.call('POST', `/bids/${bidIds[0]}/accept`, { as: owner });
    task.status = 'assigned';
    await changeTaskStatus(bids, task, 'open_for_bids', { occurredAt: before });
    expect(await bids.db('bids').where({ id: bidIds[0] }).first()).toMatchObject({ status: 'accepted' });
    // …and still nobody bids: an accepted bid closes the round whatever a late event said.
    expect((await bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(task.id) })).body.code).toBe('bidding_closed');
  });
});

describe('for other services', () => {
  it('when svc-payments asks for a bid or a task’s accepted bid, then the whole snapshot in øre', async () => {
    const { owner, task, bidIds } = await round(2);
    expect((await bids.call('GET', `/internal/tasks/${task.id}/accepted-bid`, { service: 'payments' })).status).toBe(404);
    await bids.call('POST', `/bids/${bidIds[1]}/accept`, { as: owner });
    const accepted = internalBidSchema.parse((await bids.call('GET', `/internal/tasks/${task.id}/accepted-bid`, { service: 'payments' })).body);
    expect(accepted).toMatchObject({ id: bidIds[1], status: 'accepted', customerId: owner.id, netOre: 110_000, quote: { totalOre: 153_750 } });
    expect(accepted.acceptedAt).not.toBeNull();
    expect((await bids.call('GET', `/internal/bids/${bidIds[1]}`, { service: 'payments' })).body).toEqual(accepted);
  });

  it('when a user (any role) calls the internal endpoints through the gateway, then 403', async () => {
    const { task, bidIds } = await round(1);
    for (const as of [admin, user('customer'), user('carrier'), null]) {
      expect((await bids.call('GET', `/internal/bids/${bidIds[0]}`, { as })).status).toBe(403);
      expect((await bids.call('GET', `/internal/tasks/${task.id}/accepted-bid`, { as })).status).toBe(403);
    }
  });
});

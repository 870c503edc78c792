/**
 * The guest follow-up (issue 13): the task's mailed link (?access=) lists its bids as the owner sees them, without a
 * session and read-only; a wrong token lists nothing. Once svc-tasks attaches the task to an account (tasks.task.updated
 * with `user_id`), that account owns the bids placed before: it may list and choose them.
 */
import { bidsPageSchema, customerBidSchema, eventTypes, type EventPayload } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidBody, createTask, keysOf, startBids, user, type StartedBids } from '../test-harness';

let bids: StartedBids;

beforeAll(async () => {
  bids = await startBids();
});
afterAll(async () => {
  await bids?.close();
});

const token = (taskId: number) => `guest-link-token-of-task-${taskId}-abcdefgh`;

/** A guest's task (no owner) with a link token and one bid of 1000 DKK net. */
async function guestTaskWithBid() {
  const task = await createTask(bids, { owner: null });
  bids.fakeTasks.accessTokens.set(task.id, token(task.id));
  const carrier = user('carrier');
  const placed = await bids.call('POST', '/bids', { as: carrier, body: bidBody(task.id, 1000) });
  expect(placed.status).toBe(201);
  return { task, carrier, bidId: placed.body.id as number };
}

describe('GET /tasks/{id}/bids?access=', () => {
  it('when a visitor opens the guest link, then the bids show with the gross prices the owner sees and nothing of the carrier side', async () => {
    const { task, bidId } = await guestTaskWithBid();
    const reply = await bids.call('GET', `/tasks/${task.id}/bids?access=${token(task.id)}`);
    expect(reply.status).toBe(200);
    const page = bidsPageSchema.parse(reply.body);
    expect(page.items.map((bid) => customerBidSchema.parse(bid))).toMatchObject([{ id: bidId, view: 'customer', quote: { total: 1400 } }]);
    expect(page.bidding).toMatchObject({ task_id: task.id, bid_count: 1, bidding_open: true });
    expect(keysOf(reply.body)).not.toContain('payoutnet');
    expect(keysOf(reply.body)).not.toContain('price');
  });

  it('when the token is wrong, missing or another task\'s, then nothing is listed', async () => {
    const { task } = await guestTaskWithBid();
    const other = await guestTaskWithBid();
    for (const query of ['?access=wrong-token-wrong-token-wrong', `?access=${token(other.task.id)}`, '', '?access=']) {
      const reply = await bids.call('GET', `/tasks/${task.id}/bids${query}`);
      expect(reply.status, query).toBe(401);
      expect(reply.body.items).toBeUndefined();
    }
  });

  it('when a signed-in customer who does not own the task yet opens the link, then the link decides; a wrong one meets their own rights', async () => {
    const { task, bidId } = await guestTaskWithBid();
    const customer = user('customer');
    const viaLink = await bids.call('GET', `/tasks/${task.id}/bids?access=${token(task.id)}`, { as: customer });
    expect(viaLink.status).toBe(200);
    expect(viaLink.body.items.map((bid: { id: number }) => bid.id)).toEqual([bidId]);
    expect((await bids.call('GET', `/tasks/${task.id}/bids?access=wrong-token-wrong-token-wrong`, { as: customer })).status).toBe(403);
    // A carrier still sees only their own cut: the link changes nothing for them.
    const carrier = await bids.call('GET', `/tasks/${task.id}/bids?access=${token(task.id)}`, { as: user('carrier') });
    expect(carrier.body.items).toEqual([]);
  });

  it('when the token is far too long, then it is refused as bad input', async () => {
    const { task } = await guestTaskWithBid();
    const reply = await bids.call('GET', `/tasks/${task.id}/bids?access=${'x'.repeat(500)}`);
    expect(reply.status).toBe(400);
  });

  it('when svc-tasks cannot be asked, then the answer is 503, never a list', async () => {
    const { task } = await guestTaskWithBid();
    bids.fakeTasks.down = true;
    try {
      const reply = await bids.call('GET', `/tasks/${task.id}/bids?access=${token(task.id)}`);
      expect(reply.status).toBe(503);
    } finally {
      bids.fakeTasks.down = false;
    }
  });
});

describe('a guest task attached to an account', () => {
  it('when svc-tasks gives the task an owner, then the earlier bids are theirs: listed, and the owner may choose one', async () => {
    const { task, bidId } = await guestTaskWithBid();
    const owner = user('customer');
    // Before: the account owns nothing here.
    expect((await bids.call('GET', `/tasks/${task.id}/bids`, { as: owner })).status).toBe(403);

    task.user_id = owner.id;
    await bids.publish(eventTypes.taskUpdated, {
      taskId: task.id,
      userId: owner.id,
      type: task.type,
      status: task.status,
      changed: ['user_id'],
      updatedBy: owner.id,
    } satisfies EventPayload<typeof eventTypes.taskUpdated>);
    await waitFor(async () => (await bids.db('bids').where({ id: bidId }).first())?.customer_id === owner.id);

    const listed = await bids.call('GET', `/tasks/${task.id}/bids`, { as: owner });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((bid: { id: number }) => bid.id)).toEqual([bidId]);
    const accepted = await bids.call('POST', `/bids/${bidId}/accept`, { as: owner });
    expect(accepted.status).toBe(200);
    const event = (await bids.outboxEvents(eventTypes.bidAccepted)).find((e) => e.data.bidId === bidId);
    expect(event?.data.customerId).toBe(owner.id);
  });
});

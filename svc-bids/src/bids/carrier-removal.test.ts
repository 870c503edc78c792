/** A carrier whose account is deleted or blocked: its pending bids are rejected and their slots free up. */
import { eventTypes } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidBody, createTask, startBids, user, type StartedBids } from '../test-harness';

let bids: StartedBids;
const admin = user('admin');

beforeAll(async () => {
  bids = await startBids();
});
afterAll(async () => {
  await bids?.close();
});

/** Places a bid as `carrier` on a new task of `owner`; the bid's id. */
async function bidOn(taskId: number, carrier: ReturnType<typeof user>): Promise<number> {
  const reply = await bids.call('POST', '/bids', { as: carrier, body: bidBody(taskId) });
  expect(reply.status).toBe(201);
  return reply.body.id as number;
}

const rowOf = async (bidId: number) => bids.db('bids').where({ id: bidId }).first();

describe('a carrier removed from the platform', () => {
  it.each([
    ['deleted', eventTypes.userDeleted, (userId: number) => ({ userId, deletedBy: userId })],
    ['blocked', eventTypes.userBlocked, (userId: number) => ({ userId, blockedBy: admin.id })],
  ])('when the account is %s, then its pending bids are rejected, other carriers keep theirs and the slot frees up', async (_, type, data) => {
    const owner = user('customer');
    const leaving = user('carrier');
    const staying = user('carrier');
    const full = await createTask(bids, { owner, maxBids: 2 });
    const other = await createTask(bids, { owner });
    const leavingBids = [await bidOn(full.id, leaving), await bidOn(other.id, leaving)];
    const stayingBid = await bidOn(full.id, staying);
    expect((await bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(full.id) })).body.code).toBe('bid_limit_reached');

    await bids.publish(type, data(leaving.id));
    await waitFor(async () => (await rowOf(leavingBids[1]!))?.status === 'rejected');

    for (const bidId of leavingBids) expect(await rowOf(bidId)).toMatchObject({ status: 'rejected', rejection_reason: 'carrier_removed' });
    expect(await rowOf(stayingBid)).toMatchObject({ status: 'pending' });
    const rejected = (await bids.outboxEvents(eventTypes.bidRejected)).filter((event) => leavingBids.includes(event.data.bidId as number));
    expect(rejected.map((event) => [event.data.bidId, event.data.reason, event.data.rejectedBy])).toEqual(
      leavingBids.map((bidId) => [bidId, 'carrier_removed', null]),
    );
    // The customer no longer sees the removed carrier's bid among those to choose from, and the slot is free again.
    const listed = await bids.call('GET', `/bids?taskId=${full.id}&status=pending`, { as: owner });
    expect((listed.body.items as { id: number }[]).map((bid) => bid.id)).toEqual([stayingBid]);
    expect((await bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(full.id) })).status).toBe(201);
  });

  it('when the same event arrives again, then nothing more happens', async () => {
    const owner = user('customer');
    const leaving = user('carrier');
    const task = await createTask(bids, { owner });
    const bidId = await bidOn(task.id, leaving);
    await bids.publish(eventTypes.userBlocked, { userId: leaving.id, blockedBy: admin.id });
    await waitFor(async () => (await rowOf(bidId))?.status === 'rejected');
    const again = await bids.publish(eventTypes.userBlocked, { userId: leaving.id, blockedBy: admin.id });
    // Handled: the consumer's inbox has it (recorded in the handler's own transaction).
    await waitFor(async () => (await bids.db('inbox').where({ event_id: again.id, durable: 'bids-carrier-removal' })).length === 1);
    expect((await bids.outboxEvents(eventTypes.bidRejected)).filter((event) => event.data.bidId === bidId)).toHaveLength(1);
  });

  it("when a carrier's account is deleted, then its name leaves its bids — the task's list and GET /bids/{id}, an accepted bid too — as 'Slettet bruger'", async () => {
    const owner = user('customer');
    const leaving = { ...user('carrier'), name: 'Jens Vognmand' };
    const staying = { ...user('carrier'), name: 'Bo Bil' };
    const open = await createTask(bids, { owner });
    const chosen = await createTask(bids, { owner });
    const openBid = await bidOn(open.id, leaving);
    const stayingBid = await bidOn(open.id, staying);
    const acceptedBid = await bidOn(chosen.id, leaving);
    expect((await bids.call('POST', `/bids/${acceptedBid}/accept`, { as: owner })).status).toBe(200);

    await bids.publish(eventTypes.userDeleted, { userId: leaving.id, deletedBy: leaving.id });
    await waitFor(async () => (await rowOf(openBid))?.carrier_name === 'Slettet bruger');

    const listed = await bids.call('GET', `/tasks/${open.id}/bids`, { as: owner });
    const names = new Map((listed.body.items as { id: number; carrier_name: string }[]).map((bid) => [bid.id, bid.carrier_name]));
    expect(names.get(openBid)).toBe('Slettet bruger');
    expect(names.get(stayingBid)).toBe('Bo Bil');
    for (const [as, bidId] of [[owner, acceptedBid], [admin, openBid]] as const) {
      const one = await bids.call('GET', `/bids/${bidId}`, { as });
      expect(one.status).toBe(200);
      expect(one.body.carrier_name).toBe('Slettet bruger');
      expect(JSON.stringify(one.body)).not.toContain('Jens');
    }
  });
});

/**
 * Contention is handled in the database: carriers racing for the last slots queue on the task's row lock, so
 * exactly the limit gets in and everyone else is told clearly — on PGlite and on PostgreSQL alike.
 */
import { bidsPageSchema, messages } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidBody, createTask, startBids, user, type StartedBids } from '../test-harness';

let bids: StartedBids;

beforeAll(async () => {
  bids = await startBids();
});
afterAll(async () => {
  await bids?.close();
});

describe('the race for the last bid slots', () => {
  it('when 20 approved carriers bid on a task with max bids 5 at the same moment, then exactly 5 bids are stored and 15 are refused with 409', async () => {
    const owner = user('customer');
    const task = await createTask(bids, { owner, maxBids: 5 });
    const carriers = Array.from({ length: 20 }, () => user('carrier'));

    const replies = await Promise.all(
      carriers.map((carrier, i) => bids.call('POST', '/bids', { as: carrier, body: bidBody(task.id, 500 + i) })),
    );

    const accepted = replies.filter((reply) => reply.status === 201);
    const refused = replies.filter((reply) => reply.status !== 201);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const reply of refused) {
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ code: 'bid_limit_reached', message: messages.bidLimitReached });
    }
    const stored = await bids.db('bids').where({ task_id: task.id });
    expect(stored).toHaveLength(5);
    expect(new Set(stored.map((row: { carrier_id: number }) => row.carrier_id))).toEqual(
      new Set(accepted.map((reply) => reply.body.carrier_id as number)),
    );
    const page = bidsPageSchema.parse((await bids.call('GET', `/tasks/${task.id}/bids`, { as: owner })).body);
    expect(page.bidding).toMatchObject({ bid_count: 5, max_bids: 5, bidding_open: false });
  });

  it('when one carrier sends the same bid 10 times at once, then one bid is stored and the rest are told they already bid', async () => {
    const task = await createTask(bids);
    const carrier = user('carrier');
    const replies = await Promise.all(Array.from({ length: 10 }, () => bids.call('POST', '/bids', { as: carrier, body: bidBody(task.id) })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const reply of replies.filter((r) => r.status === 409)) expect(reply.body.code).toBe('already_bid');
    expect(await bids.db('bids').where({ task_id: task.id })).toHaveLength(1);
  });

  it('when the first bids on a task nobody has heard of yet race, then the task is fetched and the limit still holds', async () => {
    const task = await createTask(bids, { withoutEvent: true, maxBids: 3 });
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => bids.call('POST', '/bids', { as: user('carrier'), body: bidBody(task.id) })),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(3);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(7);
    expect(await bids.db('bids').where({ task_id: task.id })).toHaveLength(3);
  });
});

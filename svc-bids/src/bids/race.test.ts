/**
 * Contention is handled in the database: carriers racing for the last slots take them with one atomic statement
 * each, so exactly the limit gets in and everyone else is told clearly — on PGlite and on PostgreSQL alike.
 */
import { bidsPageSchema, customerBidSchema, messages } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { performance } from 'node:perf_hooks';
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

/** p-th percentile (nearest rank) of durations in ms. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('50 carriers at once on PostgreSQL (latency reported, not timed)', () => {
  async function race(carriers: ReturnType<typeof user>[], label: string) {
    const task = await createTask(bids, { maxBids: 5 });
    const timed = await Promise.all(
      carriers.map(async (carrier, i) => {
        const started = performance.now();
        const reply = await bids.call('POST', '/bids', { as: carrier, body: bidBody(task.id, 700 + i) });
        return { reply, ms: performance.now() - started };
      }),
    );
    const placed = timed.filter(({ reply }) => reply.status === 201);
    const refused = timed.filter(({ reply }) => reply.status !== 201);
    expect(placed).toHaveLength(5);
    expect(refused.map(({ reply }) => reply.body.code)).toEqual(Array(45).fill('bid_limit_reached'));
    expect(await bids.db('bids').where({ task_id: task.id })).toHaveLength(5);
    const ms = timed.map((t) => t.ms).sort((a, b) => a - b);
    const line = (values: number[]) =>
      `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${(values.at(-1) ?? 0).toFixed(1)} ms`;
    process.stdout.write(
      `bid race (${label}): all 50 ${line(ms)}; the 5 placed ${line(placed.map((t) => t.ms).sort((a, b) => a - b))}; ` +
        `the 45 refused ${line(refused.map((t) => t.ms).sort((a, b) => a - b))}\n`,
    );
  }

  it('when 50 carriers who have bid before race for 5 slots, then exactly 5 are stored and 45 hear bid_limit_reached', async () => {
    const carriers = Array.from({ length: 50 }, () => user('carrier'));
    // Carriers who have bid before: their fees are known here, no quote goes to svc-ledger.
    for (let round = 0; round < 10; round += 1) {
      const warmUp = await createTask(bids, { maxBids: 5 });
      await Promise.all(carriers.slice(round * 5, round * 5 + 5).map((carrier) => bids.call('POST', '/bids', { as: carrier, body: bidBody(warmUp.id) })));
    }
    await race(carriers, 'known carriers');
  }, 60_000);

  it('when 50 carriers never seen before race for 5 slots, then still exactly 5 (priced here: on no list)', async () => {
    await waitFor(async () => Boolean((await bids.db('pricing_settings').where({ id: 1 }).first())?.carrier_fees_complete_at));
    await race(Array.from({ length: 50 }, () => user('carrier')), 'never seen, first bids');
  }, 60_000);

  it('when 50 carriers never seen race before svc-ledger’s carrier list was taken in, then still exactly 5 (each asks once)', async () => {
    const before = (await bids.db('pricing_settings').where({ id: 1 }).first())?.carrier_fees_complete_at;
    await bids.db('pricing_settings').where({ id: 1 }).update({ carrier_fees_complete_at: null });
    try {
      await race(Array.from({ length: 50 }, () => user('carrier')), 'never seen, before the intake');
    } finally {
      await bids.db('pricing_settings').where({ id: 1 }).update({ carrier_fees_complete_at: before });
    }
  }, 60_000);
});

// PGlite has one connection, so nothing overlaps there; the interleaving is real only on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a price change racing the customer’s choice (PostgreSQL)', () => {
  it('when the carrier changes the price while the customer accepts the old total, then one outcome — never acceptance at a total the customer did not see', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const owner = user('customer');
      const carrier = user('carrier');
      const task = await createTask(bids, { owner });
      const bid = (await bids.call('POST', '/bids', { as: carrier, body: bidBody(task.id, 1000) })).body;
      const seen = customerBidSchema.parse((await bids.call('GET', `/bids/${bid.id}`, { as: owner })).body).quote.total;

      const [change, accept] = await Promise.all([
        bids.call('PUT', `/bids/${bid.id}`, { as: carrier, body: { price: 1000 + 10 * (round + 1) } }),
        bids.call('POST', `/bids/${bid.id}/accept`, { as: owner, body: { expectedTotal: seen } }),
      ]);

      const stored = await bids.db('bids').where({ id: bid.id }).first();
      if (accept.status === 200) {
        expect(change.status).toBe(409);
        expect(change.body.code).toBe('bid_not_pending');
        expect(stored.status).toBe('accepted');
        expect(stored.total_ore).toBe(Math.round(seen * 100));
        outcomes.add('accepted');
      } else {
        expect(change.status).toBe(200);
        expect(accept.status).toBe(409);
        expect(accept.body).toEqual({ code: 'bid_changed', message: messages.bidChanged });
        expect(stored.status).toBe('pending');
        outcomes.add('changed');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

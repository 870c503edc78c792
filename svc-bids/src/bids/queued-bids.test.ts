/**
 * One slot turn decided in one transaction (placeQueuedBids), called directly with the bids a turn would take: the
 * order they came decides, a carrier's second bid gives its slot to the next in line, the count is repaired when it
 * ran ahead of the bids really holding a slot. PGlite and PostgreSQL.
 */
import { createOutbox, type AppError } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, startBids, type StartedBids } from '../test-harness';
import type { NewBid } from './repo';
import { placeQueuedBids, type QueuedBid } from './service';

let bids: StartedBids;

beforeAll(async () => {
  bids = await startBids();
});
afterAll(async () => {
  await bids?.close();
});

const now = new Date();
const queuedBid = (taskId: number, carrierId: number, netOre = 100_000): QueuedBid => {
  const bid: NewBid = {
    task_id: taskId,
    carrier_id: carrierId,
    carrier_name: `Vognmand ${carrierId}`,
    customer_id: 1,
    max_bids: 3,
    valid_until: new Date(now.getTime() + 7 * 24 * 3600 * 1000),
    net_ore: netOre,
    platform_fee_ore: 10_000,
    small_fee_ore: 0,
    subtotal_before_vat_ore: 110_000,
    vat_ore: 27_500,
    total_ore: 137_500,
    carrier_fee_ore: 0,
    payout_net_ore: netOre,
    payout_gross_ore: netOre,
    carrier_list_id: null,
    carrier_list_name: null,
    carrier_fee_percentage: 0,
    carrier_fixed_fee_ore: 0,
    platform_fee_percentage: 10,
    platform_fixed_fee_ore: 0,
    vat_percentage: 25,
    platform_min_fee_ore: 0,
    quoted_at: now,
  };
  return { bid, task: { type: 'moving', from_city: 'Aarhus C', to_city: 'København K' }, meta: { correlationId: `req-${carrierId}` }, now };
};

const told = (outcome: { placed: { carrier_id: number } } | { refused: unknown }) =>
  'placed' in outcome ? `placed ${outcome.placed.carrier_id}` : (outcome.refused as AppError).code;

async function turn(taskId: number, queued: QueuedBid[]) {
  const context = { db: bids.db, outbox: createOutbox({ onCommitted: () => undefined }), now: () => new Date() };
  return (await placeQueuedBids(context, taskId, 3, queued)).map(told);
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const countOf = async (taskId: number) => (await bids.db('task_projection').where({ task_id: taskId }).first()).bid_count as number;

describe('one slot turn', () => {
  it('when a turn takes more bids than there are slots, then they are placed in the order they came, a carrier\'s second bid gives its slot to the next in line, and the rest hear the task is full', async () => {
    const task = await createTask(bids, { maxBids: 3 });
    expect(await turn(task.id, [queuedBid(task.id, 9_001)])).toEqual(['placed 9001']);

    const outcomes = await turn(task.id, [9_002, 9_002, 9_003, 9_004].map((carrier) => queuedBid(task.id, carrier)));

    expect(outcomes).toEqual(['placed 9002', 'already_bid', 'placed 9003', 'bid_limit_reached']);
    expect((await bids.db('bids').where({ task_id: task.id }).orderBy('id')).map((row: { carrier_id: number }) => row.carrier_id)).toEqual([
      9_001, 9_002, 9_003,
    ]);
    expect(await countOf(task.id)).toBe(3);
    const placed = (await bids.outboxEvents('bids.bid.placed')).filter((event) => event.data.taskId === task.id);
    expect(placed.map((event) => [event.data.carrierId, event.data.activeBidCount, event.correlationId])).toEqual([
      [9_001, 1, 'req-9001'],
      [9_002, 2, 'req-9002'],
      [9_003, 3, 'req-9003'],
    ]);
  });

  it('when the count ran ahead of the bids holding a slot (one was rejected), then the turn counts them and repairs the count', async () => {
    const task = await createTask(bids, { maxBids: 3 });
    await turn(task.id, [9_101, 9_102, 9_103].map((carrier) => queuedBid(task.id, carrier)));
    await bids.db('bids').where({ task_id: task.id, carrier_id: 9_102 }).update({ status: 'rejected', rejection_reason: 'rejected' });
    expect(await countOf(task.id)).toBe(3);

    expect(await turn(task.id, [9_104, 9_105].map((carrier) => queuedBid(task.id, carrier)))).toEqual(['placed 9104', 'bid_limit_reached']);
    expect(await countOf(task.id)).toBe(3);
  });

  it('when the task is closed or gone, then every bid of the turn hears so and nothing is stored', async () => {
    const closed = await createTask(bids, { maxBids: 3, status: 'assigned' });
    expect(await turn(closed.id, [queuedBid(closed.id, 9_201), queuedBid(closed.id, 9_202)])).toEqual(['bidding_closed', 'bidding_closed']);
    expect(await turn(999_999, [queuedBid(999_999, 9_203)])).toEqual(['task_not_found']);
    expect(await bids.db('bids').whereIn('carrier_id', [9_201, 9_202, 9_203])).toEqual([]);
  });

  it('when an accepted bid closes the round although the projected task is open again, then a turn that wants more slots than the count leaves hears bidding is closed', async () => {
    const task = await createTask(bids, { maxBids: 3 });
    await turn(task.id, [9_301, 9_302, 9_303].map((carrier) => queuedBid(task.id, carrier)));
    await bids.db('bids').where({ task_id: task.id, carrier_id: 9_301 }).update({ status: 'accepted' });
    await bids.db('bids').where({ task_id: task.id }).whereNot({ carrier_id: 9_301 }).update({ status: 'rejected', rejection_reason: 'other_bid_accepted' });
    expect(await turn(task.id, [queuedBid(task.id, 9_304)])).toEqual(['bidding_closed']);
  });

  // Turns of one process never overlap (slot-turns.ts); turns of several processes meet at the task's row. PGlite has
  // one connection, so only PostgreSQL can show them waiting for each other.
  it.skipIf(!onPostgres)('when turns of 10 processes race for the same task at once, then exactly the limit is stored and the count agrees (PostgreSQL)', async () => {
    const task = await createTask(bids, { maxBids: 3 });
    const turns = Array.from({ length: 10 }, (_, process) =>
      turn(task.id, [0, 1, 2, 3].map((i) => queuedBid(task.id, 9_400 + process * 10 + i))),
    );
    const outcomes = (await Promise.all(turns)).flat();
    expect(outcomes.filter((outcome) => outcome.startsWith('placed'))).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'bid_limit_reached')).toHaveLength(37);
    expect(await bids.db('bids').where({ task_id: task.id })).toHaveLength(3);
    expect(await countOf(task.id)).toBe(3);
  });
});

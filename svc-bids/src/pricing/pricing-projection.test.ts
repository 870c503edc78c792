/**
 * Bids are priced in svc-bids from svc-ledger's settings and carrier list fees as its events told them: the ledger
 * is asked only about a carrier never seen; after that its events keep the fee current.
 */
import { eventTypes, internalBidSchema } from '@fragtbud/contracts';
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

const place = async (carrier: ReturnType<typeof user>, price = 1000) => {
  const task = await createTask(bids);
  const reply = await bids.call('POST', '/bids', { as: carrier, body: bidBody(task.id, price) });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return internalBidSchema.parse((await bids.call('GET', `/internal/bids/${reply.body.id}`, { service: 'payments' })).body);
};
const feeRow = (carrierId: number) => bids.db('carrier_fees').where({ carrier_id: carrierId }).first();

describe('pricing a bid without asking svc-ledger', () => {
  it('when a known carrier bids, then the projected fee prices it even if the ledger changed behind its events', async () => {
    const carrier = user('carrier');
    const first = await place(carrier);
    expect(first.carrierFee).toEqual({ feePercentage: 10, fixedFeeOre: 0 });
    expect(await feeRow(carrier.id)).toMatchObject({ list_id: null });
    // A change that never became an event cannot reach svc-bids: proof that the second bid was not quoted by the ledger.
    await bids.ledger.db('platform_settings').update({ fee_percentage: 50 });
    try {
      const second = await place(carrier);
      expect(second.settings.feePercentage).toBe(10);
      expect(second.quote).toEqual(first.quote);
    } finally {
      await bids.ledger.db('platform_settings').update({ fee_percentage: 10 });
    }
  });

  it('when the admin changes the platform fee, then the next bid of a known carrier is priced with it', async () => {
    const carrier = user('carrier');
    await place(carrier);
    await bids.ledger.call('PUT', '/admin/platform-settings', { as: admin, body: { feePercentage: 12 } });
    try {
      await waitFor(async () => Number((await bids.db('pricing_settings').first())?.fee_percentage) === 12);
      const bid = await place(carrier, 1000);
      expect(bid.settings.feePercentage).toBe(12);
      expect(bid.quote.platformFeeOre).toBe(12_000);
    } finally {
      await bids.ledger.call('PUT', '/admin/platform-settings', { as: admin, body: { feePercentage: 10 } });
      await waitFor(async () => Number((await bids.db('pricing_settings').first())?.fee_percentage) === 10);
    }
  });

  it('when a known carrier is put on a list, the list fee changes and they are taken off, then each next bid follows', async () => {
    const carrier = user('carrier');
    await place(carrier);
    const created = await bids.ledger.call('POST', '/admin/carrier-lists', { as: admin, body: { name: `Projektion ${carrier.id}`, feePercentage: 6, fixedFee: 5 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const listId = created.body.id as number;
    const assigned = await bids.ledger.call('POST', '/admin/carrier-lists/assignments', { as: admin, body: { userId: carrier.id, listId } });
    await waitFor(async () => (await feeRow(carrier.id))?.list_id === listId);
    expect(await place(carrier)).toMatchObject({ carrierList: { id: listId }, carrierFee: { feePercentage: 6, fixedFeeOre: 500 } });

    await bids.ledger.call('PUT', `/admin/carrier-lists/${listId}`, { as: admin, body: { feePercentage: 4 } });
    await waitFor(async () => Number((await feeRow(carrier.id))?.fee_percentage) === 4);
    expect(await place(carrier)).toMatchObject({ carrierList: { id: listId }, carrierFee: { feePercentage: 4, fixedFeeOre: 500 } });

    await bids.ledger.call('DELETE', `/admin/carrier-lists/assignments/${assigned.body.id}`, { as: admin });
    await waitFor(async () => (await feeRow(carrier.id))?.list_id === null);
    expect(await place(carrier)).toMatchObject({ carrierList: null, carrierFee: { feePercentage: 10, fixedFeeOre: 0 } });
  });

  it('when a carrier is approved, then their fee is learnt from svc-ledger before their first bid (once)', async () => {
    const carrier = user('carrier');
    const created = await bids.ledger.call('POST', '/admin/carrier-lists', { as: admin, body: { name: `Godkendt ${carrier.id}`, feePercentage: 7 } });
    const listId = created.body.id as number;
    await bids.ledger.call('POST', '/admin/carrier-lists/assignments', { as: admin, body: { userId: carrier.id, listId } });
    // What the assignment's event told svc-bids is taken away: only the approval can bring it back.
    await waitFor(async () => (await feeRow(carrier.id))?.list_id === listId);
    await bids.db('carrier_fees').where({ carrier_id: carrier.id }).delete();

    await bids.publish(eventTypes.userApproved, { userId: carrier.id, approvedBy: admin.id });
    await waitFor(async () => (await feeRow(carrier.id))?.list_id === listId);
    expect(await feeRow(carrier.id)).toMatchObject({ list_name: `Godkendt ${carrier.id}`, fixed_fee_ore: 0 });
    expect(Number((await feeRow(carrier.id))?.fee_percentage)).toBe(7);

    // Known from then on: the first bid is priced with what is kept here (svc-ledger would still say 7).
    await bids.db('carrier_fees').where({ carrier_id: carrier.id }).update({ fee_percentage: 8 });
    expect(await place(carrier)).toMatchObject({ carrierList: { id: listId }, carrierFee: { feePercentage: 8 } });
  });

  it('when a list changes only its description, then no event is written', async () => {
    const created = await bids.ledger.call('POST', '/admin/carrier-lists', { as: admin, body: { name: 'Kun tekst', feePercentage: 5 } });
    await bids.ledger.call('PUT', `/admin/carrier-lists/${created.body.id}`, { as: admin, body: { description: 'Ny tekst' } });
    await bids.ledger.call('PUT', `/admin/carrier-lists/${created.body.id}`, { as: admin, body: { feePercentage: 5.5 } });
    const events = (await bids.ledger.db('outbox').where({ type: eventTypes.carrierListUpdated })) as { data: unknown }[];
    const mine = events
      .map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as { listId: number; changed: string[] })
      .filter((data) => data.listId === created.body.id);
    expect(mine.map((data) => data.changed)).toEqual([['fee_percentage']]);
  });
});

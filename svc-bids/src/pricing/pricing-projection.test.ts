/**
 * Bids are priced in svc-bids from svc-ledger's settings and carrier list fees: every carrier on a list is taken in
 * once at start, and svc-ledger's events keep it current. Only before that list came is a carrier never seen asked
 * about.
 */
import { eventTypes, internalBidSchema, internalCarrierFeesSchema, type InternalCarrierFees } from '@fragtbud/contracts';
import { AppError, waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidsContext } from '../context';
import { bidBody, createTask, startBids, user, type StartedBids } from '../test-harness';
import { learnCarrierFee, startCarrierFeeIntake } from './service';

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
const completeAt = async () => (await bids.db('pricing_settings').where({ id: 1 }).first())?.carrier_fees_complete_at ?? null;
/** As if svc-ledger's list had not come yet (it was down when svc-bids started); `restore` puts the mark back. */
const forgetIntake = async () => {
  const before = await completeAt();
  await bids.db('pricing_settings').where({ id: 1 }).update({ carrier_fees_complete_at: null });
  return { restore: () => bids.db('pricing_settings').where({ id: 1 }).update({ carrier_fees_complete_at: before }) };
};
/** Puts a carrier on a new list in svc-ledger's own tables only: no event tells svc-bids, only a question would. */
const onListBehindEvents = async (carrierId: number, feePercentage: number) => {
  const [list] = (await bids.ledger
    .db('carrier_lists')
    .insert({ name: `Uden hændelse ${carrierId}`, fee_percentage: feePercentage, fixed_fee_ore: 0 })
    .returning('id')) as { id: number }[];
  await bids.ledger.db('carrier_list_assignments').insert({ user_id: carrierId, list_id: list?.id });
  return list?.id as number;
};
/** svc-bids' context as far as the intake reads it, with svc-ledger's answers given by the test. */
const intakeContext = (carrierFees: () => Promise<InternalCarrierFees>): BidsContext =>
  ({
    db: bids.db,
    logger: bids.infra.logger,
    now: () => new Date(),
    ledger: { carrierFees, quote: () => Promise.reject(new Error('not asked here')) },
  }) as unknown as BidsContext;
const realCarrierFees = async () =>
  internalCarrierFeesSchema.parse((await bids.ledger.call('GET', '/internal/carrier-fees', { service: 'bids' })).body);

describe('pricing a bid without asking svc-ledger', () => {
  it('when svc-bids has started, then it has taken in every carrier on a list from svc-ledger', async () => {
    await waitFor(async () => (await completeAt()) !== null);
  });

  it('when a carrier never seen bids, then the default fee prices it here without asking svc-ledger', async () => {
    const carrier = user('carrier');
    // svc-ledger would price this carrier at 3 %: a bid at 10 % with nothing kept proves it was not asked.
    await onListBehindEvents(carrier.id, 3);
    const bid = await place(carrier);
    expect(bid).toMatchObject({ carrierList: null, carrierFee: { feePercentage: 10, fixedFeeOre: 0 } });
    expect(await feeRow(carrier.id)).toBeUndefined();
  });

  it('when the list has not been taken in yet, then a carrier never seen is asked about once and kept', async () => {
    const carrier = user('carrier');
    const listId = await onListBehindEvents(carrier.id, 3);
    const intake = await forgetIntake();
    try {
      expect(await place(carrier)).toMatchObject({ carrierList: { id: listId }, carrierFee: { feePercentage: 3 } });
      expect(await feeRow(carrier.id)).toMatchObject({ list_id: listId });
    } finally {
      await intake.restore();
    }
  });

  it('when the intake runs, then carriers on lists are kept, what events wrote is left alone, and the mark is set', async () => {
    const onList = user('carrier');
    const listId = await onListBehindEvents(onList.id, 4);
    const movedByEvent = user('carrier');
    await onListBehindEvents(movedByEvent.id, 5);
    // An event got here first for this carrier (on no list now): the intake's older list must not undo it.
    await bids.db('carrier_fees').insert({ carrier_id: movedByEvent.id, list_id: null, list_name: null, fee_percentage: 10, fixed_fee_ore: 0 });
    const intake = await forgetIntake();
    try {
      await startCarrierFeeIntake(intakeContext(realCarrierFees)).done;
      expect(await completeAt()).not.toBeNull();
      expect(await feeRow(onList.id)).toMatchObject({ list_id: listId, list_name: `Uden hændelse ${onList.id}` });
      expect(Number((await feeRow(onList.id))?.fee_percentage)).toBe(4);
      expect(await feeRow(movedByEvent.id)).toMatchObject({ list_id: null });
      expect(await place(onList)).toMatchObject({ carrierList: { id: listId }, carrierFee: { feePercentage: 4 } });
    } finally {
      await intake.restore();
    }
  });

  it('when svc-ledger cannot answer the intake, then it is asked again until it does; stopping ends the waiting', async () => {
    const intake = await forgetIntake();
    try {
      let asked = 0;
      const flaky = async () => {
        asked += 1;
        if (asked < 3) throw AppError.unavailable();
        return realCarrierFees();
      };
      await startCarrierFeeIntake(intakeContext(flaky), { firstMs: 5, maxMs: 10 }).done;
      expect(asked).toBe(3);
      expect(await completeAt()).not.toBeNull();

      await bids.db('pricing_settings').where({ id: 1 }).update({ carrier_fees_complete_at: null });
      let downAsked = 0;
      const waiting = startCarrierFeeIntake(
        intakeContext(async () => {
          downAsked += 1;
          throw AppError.unavailable();
        }),
        { firstMs: 60_000, maxMs: 60_000 },
      );
      await waitFor(async () => downAsked === 1);
      waiting.stop();
      await waiting.done;
      expect(downAsked).toBe(1);
      expect(await completeAt()).toBeNull();
    } finally {
      await intake.restore();
    }
  });

  it('when a known carrier bids, then the projected fee prices it even if the ledger changed behind its events', async () => {
    const carrier = user('carrier');
    const first = await place(carrier);
    expect(first.carrierFee).toEqual({ feePercentage: 10, fixedFeeOre: 0 });
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

  it('when a carrier changes their bid’s price, then it is priced here too, with the fees projected now', async () => {
    const carrier = user('carrier');
    const bid = await place(carrier, 1000);
    await bids.ledger.db('platform_settings').update({ fee_percentage: 50 });
    try {
      const changed = await bids.call('PUT', `/bids/${bid.id}`, { as: carrier, body: { price: 2000 } });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const stored = internalBidSchema.parse((await bids.call('GET', `/internal/bids/${bid.id}`, { service: 'payments' })).body);
      expect(stored.quote.netOre).toBe(200_000);
      expect(stored.settings.feePercentage).toBe(10);
      expect(stored.quote.platformFeeOre).toBe(20_000);
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
    // Only needed while svc-ledger's list of carriers has not been taken in.
    const intake = await forgetIntake();
    try {
      await bids.publish(eventTypes.userApproved, { userId: carrier.id, approvedBy: admin.id });
      await waitFor(async () => (await feeRow(carrier.id))?.list_id === listId);
      expect(await feeRow(carrier.id)).toMatchObject({ list_name: `Godkendt ${carrier.id}`, fixed_fee_ore: 0 });
      expect(Number((await feeRow(carrier.id))?.fee_percentage)).toBe(7);

      // Known from then on: the first bid is priced with what is kept here (svc-ledger would still say 7).
      await bids.db('carrier_fees').where({ carrier_id: carrier.id }).update({ fee_percentage: 8 });
      expect(await place(carrier)).toMatchObject({ carrierList: { id: listId }, carrierFee: { feePercentage: 8 } });
    } finally {
      await intake.restore();
    }
  });

  it('when a carrier is approved after the intake, then svc-ledger is not asked (the projection is whole)', async () => {
    const carrier = user('carrier');
    let asked = 0;
    const context = intakeContext(realCarrierFees);
    context.ledger.quote = async () => {
      asked += 1;
      throw AppError.unavailable();
    };
    await learnCarrierFee(context, carrier.id);
    expect(asked).toBe(0);
    const intake = await forgetIntake();
    try {
      await learnCarrierFee(context, carrier.id);
      expect(asked).toBe(1);
    } finally {
      await intake.restore();
    }
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

/**
 * The ledger's transaction rows: each payments.payment.succeeded books one row with the breakdown of spec
 * section 3, once per payment however often it arrives; admins read them on GET /finance/ledger, customers their
 * own on GET /finance/payments/me.
 */
import { randomUUID } from 'node:crypto';
import { eventTypes, quote, type EventEnvelope, type PaymentSucceededPayload } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLedger, user, type StartedLedger } from '../test-harness';
import { bookingOf } from './service';

let ledger: StartedLedger;
const admin = user('admin');

beforeAll(async () => {
  ledger = await startLedger();
});
afterAll(async () => {
  await ledger?.close();
});

let nextId = 1;

function payment(
  options: { netOre?: number; vatPercentage?: number; customerId?: number; carrierId?: number; succeededAt?: string } = {},
): PaymentSucceededPayload {
  const id = nextId++;
  const settings = { feePercentage: 10, fixedFeeOre: 2_000, vatPercentage: options.vatPercentage ?? 25, minFeeOre: 3_000 };
  const carrierFee = { feePercentage: 8, fixedFeeOre: 500 };
  const q = quote({ netOre: options.netOre ?? 123_457, settings, carrierFee });
  return {
    paymentId: id,
    taskId: 10_000 + id,
    bidId: 20_000 + id,
    customerId: options.customerId ?? user('customer').id,
    carrierId: options.carrierId ?? user('carrier').id,
    amountOre: q.totalOre,
    currency: 'DKK',
    provider: 'stripe',
    providerPaymentId: `pi_${id}`,
    snapshot: { quote: q, vatPercentage: settings.vatPercentage, carrierFee, carrierListId: 1 },
    succeededAt: options.succeededAt ?? new Date().toISOString(),
  };
}

function envelope(data: object): EventEnvelope {
  return { id: randomUUID(), type: eventTypes.paymentSucceeded, occurredAt: new Date().toISOString(), correlationId: randomUUID(), data };
}

const rowsOf = (paymentId: number) => ledger.db('ledger_transactions').where({ payment_id: paymentId });

/** Publishes, then waits until a later marker payment is booked: the durable handles events in order. */
async function deliver(...events: EventEnvelope[]): Promise<void> {
  for (const event of events) await ledger.infra.bus.publish(event);
  const marker = payment();
  await ledger.infra.bus.publish(envelope(marker));
  await waitFor(() => rowsOf(marker.paymentId).first());
}

describe('booking a payment', () => {
  it('when a payment succeeds, then one row with gross, net, fees, VAT split and payout, adding up to the øre', async () => {
    const data = payment({ netOre: 123_457, vatPercentage: 12.5 });
    await deliver(envelope(data));
    const row = await rowsOf(data.paymentId).first();
    const q = data.snapshot.quote;
    // VAT on the net alone: 123 457 · 12.5 % = 15 432.125 → 15 432 øre; the fees carry the rest.
    expect(row).toMatchObject({
      task_id: data.taskId,
      bid_id: data.bidId,
      customer_id: data.customerId,
      carrier_id: data.carrierId,
      status: 'succeeded',
      gross_ore: q.totalOre,
      net_ore: 123_457,
      platform_fee_ex_ore: q.platformFeeOre,
      small_fee_ex_ore: 2_000,
      carrier_fee_ore: q.carrierFeeOre,
      platform_commission_ore: q.platformFeeOre + 2_000 + q.carrierFeeOre,
      vat_total_ore: q.vatOre,
      vat_on_net_ore: 15_432,
      vat_on_fees_ore: q.vatOre - 15_432,
      carrier_payout_gross_ore: q.payoutGrossOre,
      carrier_payout_net_ore: q.payoutNetOre,
      vat_percentage: 12.5,
      carrier_fee_percentage: 8,
      carrier_fixed_fee_ore: 500,
      carrier_list_id: 1,
      provider_payment_id: data.providerPaymentId,
    });
    expect(row.occurred_at.toISOString()).toBe(data.succeededAt);
  });

  it('when the same payment arrives again (same envelope, or a new one), then it stays booked once', async () => {
    const data = payment();
    const first = envelope(data);
    await deliver(first, first, envelope(data), envelope({ ...data, succeededAt: new Date().toISOString() }));
    expect(await rowsOf(data.paymentId).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect((await rowsOf(data.paymentId).first()).event_id).toBe(first.id);
  });

  it('when the payload is outside the contract or does not add up, then nothing is booked and later events still are', async () => {
    const broken = payment();
    const unbalanced = payment();
    await deliver(
      envelope({ paymentId: broken.paymentId, taskId: 'x' }),
      envelope({ ...unbalanced, amountOre: unbalanced.amountOre + 1 }),
    );
    expect(await rowsOf(broken.paymentId).first()).toBeUndefined();
    expect(await rowsOf(unbalanced.paymentId).first()).toBeUndefined();
  });

  it('when the VAT on the net is worked out, then it is the pricing function’s rounding (half up) on the net', () => {
    const data = payment({ netOre: 1, vatPercentage: 50 });
    expect(bookingOf(envelope(data) as EventEnvelope<PaymentSucceededPayload>)).toMatchObject({ vat_on_net_ore: 1, net_ore: 1 });
  });
});

describe('GET /finance/ledger and GET /finance/payments/me', () => {
  it('when an admin filters by carrier, customer and dates and pages, then the matching rows, newest first', async () => {
    const carrier = user('carrier');
    const customer = user('customer');
    const older = payment({ carrierId: carrier.id, customerId: customer.id, succeededAt: '2026-03-01T10:00:00.000Z' });
    const newer = payment({ carrierId: carrier.id, succeededAt: '2026-03-02T22:30:00.000Z' });
    await deliver(envelope(older), envelope(newer));

    const all = await ledger.call('GET', `/finance/ledger?carrierId=${carrier.id}`, { as: admin });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.items.map((row: { payment_id: number }) => row.payment_id)).toEqual([newer.paymentId, older.paymentId]);

    const paged = await ledger.call('GET', `/finance/ledger?carrierId=${carrier.id}&limit=1&page=2`, { as: admin });
    expect(paged.body).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(paged.body.items.map((row: { payment_id: number }) => row.payment_id)).toEqual([older.paymentId]);

    // 2026-03-02T22:30Z is 23:30 on 2 March in Copenhagen: inside to=2026-03-02.
    const day = await ledger.call('GET', `/finance/ledger?carrierId=${carrier.id}&from=2026-03-02&to=2026-03-02`, { as: admin });
    expect(day.body.items.map((row: { payment_id: number }) => row.payment_id)).toEqual([newer.paymentId]);
    const byCustomer = await ledger.call('GET', `/finance/ledger?customerId=${customer.id}&status=succeeded`, { as: admin });
    expect(byCustomer.body.items.map((row: { payment_id: number }) => row.payment_id)).toEqual([older.paymentId]);
    const byTask = await ledger.call('GET', `/finance/ledger?taskId=${newer.taskId}`, { as: admin });
    expect(byTask.body.items[0]).toMatchObject({ type: 'transaction', task_id: newer.taskId, gross: newer.amountOre / 100 });

    const own = await ledger.call('GET', '/finance/payments/me', { as: customer });
    expect(own.body).toEqual({
      items: [
        {
          id: expect.any(Number),
          type: 'payment',
          date: older.succeededAt,
          task_id: older.taskId,
          taskId: older.taskId,
          status: 'succeeded',
          amount: older.amountOre / 100,
          task_title: null,
          reason: null,
          // The VAT model as the admin's ledger books the row (docs/money.md).
          gross: older.amountOre / 100,
          netExVat: expect.any(Number),
          vat: expect.any(Number),
          vatBase: 'customer_price',
        },
      ],
      total: 1,
      page: 1,
      limit: 20,
    });
  });

  it('when the caller is not an admin, or the query is wrong, then 403 / 401 / 400', async () => {
    expect((await ledger.call('GET', '/finance/ledger', { as: user('carrier') })).status).toBe(403);
    expect((await ledger.call('GET', '/finance/ledger')).status).toBe(401);
    expect((await ledger.call('GET', '/finance/ledger?customerId=x', { as: admin })).body.message).toBe('Ugyldigt Customer ID');
    expect((await ledger.call('GET', '/finance/ledger?limit=1000', { as: admin })).status).toBe(400);
    expect((await ledger.call('GET', '/finance/payments/me?page=0', { as: user('customer') })).status).toBe(400);
  });
});

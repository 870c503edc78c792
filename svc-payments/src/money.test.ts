/**
 * The money after a payment (issue #12), with the mock provider and with the Stripe adapter against the local fake:
 * a cancelled paid task is refunded once (Stripe: booked when its webhook says so, replays change nothing), an
 * admin's extra fee is charged off-session on the saved card (a refusal books nothing), and Connect accounts,
 * payout links and transfers of paid payouts. The real svc-ledger books what svc-payments announces.
 */
import Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import { eventTypes, messages, type AuthUser } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newEnvelope,
  payableTask,
  settle,
  startPayments,
  user,
  waitForBooking,
  webhookSecret,
  type PayableTask,
  type StartedPayments,
} from './test-harness';

let mock: StartedPayments;
let withStripe: StartedPayments;
const admin = user('admin');

beforeAll(async () => {
  [mock, withStripe] = await Promise.all([startPayments(), startPayments({ stripe: true })]);
});
afterAll(async () => {
  await Promise.all([mock?.close(), withStripe?.close()]);
});

async function paidWithMock(): Promise<PayableTask> {
  const payable = payableTask(mock);
  const intent = await mock.call('POST', '/payments/intents', { as: payable.owner, body: { taskId: payable.task.id } });
  const done = await mock.call('POST', `/payments/mock/${intent.body.paymentIntentId}/complete`, { as: payable.owner, body: {} });
  expect(done.body.paid).toBe(true);
  await waitForBooking(mock, payable.task.id);
  return payable;
}

function webhook(started: StartedPayments, payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  return started.call('POST', '/payments/webhook', { raw: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}

async function paidWithStripe(): Promise<PayableTask & { intentId: string }> {
  const payable = payableTask(withStripe);
  const reply = await withStripe.call('POST', '/payments/intents', { as: payable.owner, body: { taskId: payable.task.id } });
  const intent = withStripe.stripe!.succeed(reply.body.paymentIntentId);
  expect((await webhook(withStripe, withStripe.stripe!.eventPayload(intent))).status).toBe(200);
  await waitForBooking(withStripe, payable.task.id);
  return { ...payable, intentId: intent.id };
}

async function cancel(started: StartedPayments, payable: PayableTask): Promise<void> {
  await started.infra.bus.publish(
    newEnvelope(eventTypes.taskStatusChanged, {
      taskId: payable.task.id,
      userId: payable.owner.id,
      type: 'moving',
      from: 'paid',
      to: 'cancelled',
      assignedCarrierId: payable.carrier.id,
      changedBy: admin.id,
    }),
  );
}

const refundEvents = (started: StartedPayments, taskId: number) =>
  started.published.filter((e) => e.type === eventTypes.refundSucceeded && e.data.taskId === taskId);

describe('refunds with the mock provider', () => {
  it('when a paid task is cancelled (twice, as a redelivery would), then one refund, one event, one ledger row', async () => {
    const payable = await paidWithMock();
    await cancel(mock, payable);
    await cancel(mock, payable);
    await waitFor(() => mock.ledger.db('ledger_refunds').where({ task_id: payable.task.id }).first());
    await settle();
    expect(await mock.db('refunds').where({ task_id: payable.task.id })).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_ore: payable.bid.quote.totalOre, provider: 'mock' }),
    ]);
    expect(await mock.db('mock_refunds').where({ idempotency_key: `fragtbud-refund-payment-${(await mock.db('refunds').where({ task_id: payable.task.id }).first()).payment_id}` })).toHaveLength(1);
    expect(refundEvents(mock, payable.task.id)).toHaveLength(1);
    expect(refundEvents(mock, payable.task.id)[0]!.data).toMatchObject({ customerId: payable.owner.id, amountOre: payable.bid.quote.totalOre, provider: 'mock' });
    expect(await mock.ledger.db('ledger_refunds').where({ task_id: payable.task.id })).toHaveLength(1);
  });

  it('when an unpaid task is cancelled, then nothing is refunded', async () => {
    const payable = payableTask(mock);
    await cancel(mock, payable);
    await settle();
    expect(await mock.db('refunds').where({ task_id: payable.task.id }).first()).toBeUndefined();
  });
});

describe('POST /admin/charges with the mock provider', () => {
  it('when an admin charges an extra fee, then it succeeds and the ledger books a charge row; the same key again: the same charge; with another amount: 422', async () => {
    const payable = await paidWithMock();
    const key = `charge-${randomUUID()}`;
    const body = { taskId: payable.task.id, customerId: payable.owner.id, amount: '150,50', reason: 'Ekstra etage' };
    const reply = await mock.call('POST', '/admin/charges', { as: admin, body, headers: { 'idempotency-key': key } });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'succeeded', amount: 150.5, provider: 'mock', message: messages.chargeSucceeded });
    const row = await waitFor(() => mock.ledger.db('ledger_charges').where({ task_id: payable.task.id }).first());
    expect(row).toMatchObject({ amount_ore: 15_050, reason: 'Ekstra etage', customer_id: payable.owner.id, charged_by: admin.id });
    const again = await mock.call('POST', '/admin/charges', { as: admin, body, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(reply.body.id);
    const reused = await mock.call('POST', '/admin/charges', { as: admin, body: { ...body, amount: 5000 }, headers: { 'idempotency-key': key } });
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ code: 'idempotency_key_reused', message: messages.idempotencyKeyReused });
    await settle();
    expect(await mock.ledger.db('ledger_charges').where({ task_id: payable.task.id })).toHaveLength(1);
  });

  it('when an admin charges an extra fee, then it carries VAT unless told vatIncluded: false (docs/money.md), and the ledger books its VAT', async () => {
    const payable = await paidWithMock();
    const charge = (amount: number, extra: object) =>
      mock.call('POST', '/admin/charges', { as: admin, body: { taskId: payable.task.id, customerId: payable.owner.id, amount, reason: `Gebyr ${amount}`, ...extra } });
    expect((await charge(150, {})).status).toBe(201);
    expect((await charge(80, { vatIncluded: false })).status).toBe(201);
    const rows = await waitFor(async () => {
      const found = await mock.ledger.db('ledger_charges').where({ task_id: payable.task.id }).orderBy('amount_ore', 'desc');
      if (found.length !== 2) throw new Error(`${found.length} charges booked, not 2`);
      return found;
    });
    expect(rows.map((row) => [Number(row.amount_ore), row.vat_included, Number(row.vat_ore)])).toEqual([
      [15_000, true, 3_000],
      [8_000, false, 0],
    ]);
    expect((await charge(10, { vatIncluded: 'ja' })).status).toBe(400);
  });

  it.each([
    [{ customerId: 1, amount: 10, reason: 'x' }],
    [{ taskId: 'x', customerId: 1, amount: 10, reason: 'x' }],
    [{ taskId: 1, customerId: 'abc', amount: 10, reason: 'x' }],
    [{ taskId: 1, customerId: 1, amount: 'ti', reason: 'x' }],
    [{ taskId: 1, customerId: 1, amount: -5, reason: 'x' }],
    [{ taskId: 1, customerId: 1, amount: 5, reason: '' }],
  ])("when the charge body is %j, then 400 'Ugyldige felter'", async (body) => {
    const reply = await mock.call('POST', '/admin/charges', { as: admin, body });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Ugyldige felter');
  });

  it('when the task was never paid, or belongs to another customer, then 422 and nothing is charged', async () => {
    const unpaid = payableTask(mock);
    const none = await mock.call('POST', '/admin/charges', { as: admin, body: { taskId: unpaid.task.id, customerId: unpaid.owner.id, amount: 5, reason: 'x' } });
    expect(none.body).toEqual({ code: 'charge_no_saved_card', message: messages.chargeNoSavedCard });
    const paid = await paidWithMock();
    const other = await mock.call('POST', '/admin/charges', { as: admin, body: { taskId: paid.task.id, customerId: user('customer').id, amount: 5, reason: 'x' } });
    expect(other.status).toBe(422);
    expect(await mock.db('charges').where({ task_id: paid.task.id }).first()).toBeUndefined();
  });

  it('when a customer or carrier tries, then 403', async () => {
    for (const caller of [user('customer'), user('carrier')]) {
      expect((await mock.call('POST', '/admin/charges', { as: caller, body: { taskId: 1, customerId: 1, amount: 1, reason: 'x' } })).status).toBe(403);
    }
  });
});

describe('Connect without Stripe', () => {
  it("when a carrier asks for a payout link or an admin for an account, then 'Payout-udbyder ikke konfigureret'", async () => {
    const carrier = user('carrier');
    expect((await mock.call('POST', '/finance/payout-link', { as: carrier })).body).toEqual({ message: 'Payout-udbyder ikke konfigureret' });
    expect((await mock.call('POST', `/admin/users/${carrier.id}/connected-account`, { as: admin })).body).toEqual({
      message: 'Payout-udbyder ikke konfigureret',
    });
    expect((await mock.call('POST', '/finance/payout-link', { as: user('customer') })).status).toBe(403);
    expect((await mock.call('POST', `/admin/users/${carrier.id}/connected-account`, { as: carrier })).status).toBe(403);
    expect((await mock.call('POST', '/admin/users/abc/connected-account', { as: admin })).body.message).toBe(messages.invalidCarrierId);
  });
});

describe('refunds with Stripe', () => {
  it('when a paid task is cancelled, then a refund is asked for once; booked only when the webhook says succeeded; replays change nothing', async () => {
    const stripe = withStripe.stripe!;
    const payable = await paidWithStripe();
    await cancel(withStripe, payable);
    const refund = await waitFor(() => {
      const found = [...stripe.refunds.values()].find((r) => r.payment_intent === payable.intentId);
      if (!found) throw new Error('no refund yet');
      return found;
    });
    const creates = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(creates.at(-1)).toMatchObject({ idempotencyKey: expect.stringMatching(/^fragtbud-refund-payment-\d+$/), params: { payment_intent: payable.intentId, amount: String(payable.bid.quote.totalOre) } });
    await settle();
    // Pending at Stripe: nothing booked yet.
    expect(refundEvents(withStripe, payable.task.id)).toHaveLength(0);
    expect(await withStripe.db('refunds').where({ task_id: payable.task.id }).first()).toMatchObject({ status: 'pending', provider_refund_id: refund.id });

    refund.status = 'succeeded';
    const payload = stripe.refundEventPayload(refund);
    expect((await webhook(withStripe, payload)).body).toEqual({ received: true, duplicate: false });
    expect((await webhook(withStripe, payload)).body).toEqual({ received: true, duplicate: true });
    expect((await webhook(withStripe, stripe.refundEventPayload(refund))).body).toEqual({ received: true, duplicate: false });
    await waitFor(() => withStripe.ledger.db('ledger_refunds').where({ task_id: payable.task.id }).first());
    await settle();
    expect(refundEvents(withStripe, payable.task.id)).toHaveLength(1);
    expect(await withStripe.ledger.db('ledger_refunds').where({ task_id: payable.task.id })).toHaveLength(1);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === payable.intentId)).toHaveLength(1);
  });
});

describe('POST /admin/charges with Stripe', () => {
  it('when the admin charges, then an off-session PaymentIntent on the saved card and customer; booked', async () => {
    const stripe = withStripe.stripe!;
    const payable = await paidWithStripe();
    const original = stripe.intents.get(payable.intentId)!;
    const reply = await withStripe.call('POST', '/admin/charges', {
      as: admin,
      body: { taskId: payable.task.id, customerId: payable.owner.id, amount: 99, reason: 'Ventetid' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'succeeded', provider: 'stripe' });
    const create = stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.params.off_session === 'true').at(-1);
    expect(create?.params).toMatchObject({
      amount: '9900',
      currency: 'dkk',
      customer: original.customer,
      payment_method: original.payment_method,
      off_session: 'true',
      confirm: 'true',
    });
    await waitFor(() => withStripe.ledger.db('ledger_charges').where({ task_id: payable.task.id }).first());
  });

  it('when the card refuses the off-session charge, then 422 with the Danish text and nothing is booked', async () => {
    const stripe = withStripe.stripe!;
    const payable = await paidWithStripe();
    stripe.declineOffSession = true;
    try {
      const reply = await withStripe.call('POST', '/admin/charges', {
        as: admin,
        body: { taskId: payable.task.id, customerId: payable.owner.id, amount: 99, reason: 'Ventetid' },
      });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({ code: 'charge_failed', message: messages.chargeFailed });
    } finally {
      stripe.declineOffSession = false;
    }
    await settle();
    expect(await withStripe.db('charges').where({ task_id: payable.task.id })).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(withStripe.published.filter((e) => e.type === eventTypes.chargeSucceeded && e.data.taskId === payable.task.id)).toHaveLength(0);
    expect(await withStripe.ledger.db('ledger_charges').where({ task_id: payable.task.id }).first()).toBeUndefined();
  });
});

describe('Stripe Connect', () => {
  async function payoutPaid(carrier: AuthUser, payoutId: number) {
    await withStripe.infra.bus.publish(
      newEnvelope(eventTypes.payoutStatusChanged, {
        payoutId,
        type: 'carrier',
        carrierId: carrier.id,
        amountGrossOre: 112_500,
        amountNetOre: 90_000,
        from: 'pending',
        to: 'paid',
        providerRef: null,
        changedBy: admin.id,
      }),
    );
  }

  it('when an admin makes an Express account and the carrier asks for the link, then one account and its onboarding url', async () => {
    const carrier = user('carrier');
    const made = await withStripe.call('POST', `/admin/users/${carrier.id}/connected-account`, { as: admin });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ accountId: expect.stringMatching(/^acct_/), url: expect.stringContaining('https://connect.stripe.test/setup/acct_') });
    const link = await withStripe.call('POST', '/finance/payout-link', { as: carrier });
    expect(link.body).toEqual({ url: `https://connect.stripe.test/setup/${made.body.accountId}` });
    expect(withStripe.stripe!.requests.filter((r) => r.path === '/v1/accounts' && r.params['metadata[userId]'] === String(carrier.id))).toHaveLength(1);
  });

  it('when a payout of a carrier with an account is marked paid (and the event comes twice), then one transfer of its gross', async () => {
    const carrier = user('carrier');
    const { body } = await withStripe.call('POST', '/finance/payout-link', { as: carrier });
    expect(body.url).toBeTruthy();
    const payoutId = 50_000 + carrier.id;
    await payoutPaid(carrier, payoutId);
    await payoutPaid(carrier, payoutId);
    await waitFor(() => withStripe.db('transfers').where({ payout_id: payoutId }).first());
    await settle();
    const transfers = [...withStripe.stripe!.transfers.values()].filter((t) => t.metadata.payoutId === String(payoutId));
    expect(transfers).toEqual([expect.objectContaining({ amount: 112_500, destination: expect.stringMatching(/^acct_/) })]);
    expect(withStripe.published.filter((e) => e.type === eventTypes.transferCreated && e.data.payoutId === payoutId)).toHaveLength(1);
  });

  it('when the carrier has no account, then a paid payout transfers nothing', async () => {
    const carrier = user('carrier');
    await payoutPaid(carrier, 90_000 + carrier.id);
    await settle();
    expect(await withStripe.db('transfers').where({ carrier_id: carrier.id }).first()).toBeUndefined();
  });
});

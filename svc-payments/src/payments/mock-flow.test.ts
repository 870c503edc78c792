/**
 * Paying an accepted bid with the mock provider (the embedded default), end to end in-process: the owner creates
 * the intent, does the card step on the mock's complete endpoint, and `payments.payment.succeeded` reaches the real
 * svc-ledger, which books the transaction once. Who may pay, what is charged and the refusals of spec section 8.
 */
import { eventTypes, messages, mockCards, paymentIntentResponseSchema, type PaymentSucceededPayload } from '@fragtbud/contracts';
import { waitFor, type TestCallOptions } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newEnvelope,
  payableTask,
  settle,
  startPayments,
  succeededEvents,
  user,
  waitForBooking,
  type StartedPayments,
} from '../test-harness';

let payments: StartedPayments;

beforeAll(async () => {
  payments = await startPayments();
});
afterAll(async () => {
  await payments?.close();
});

const createIntent = (options: TestCallOptions) => payments.call('POST', '/payments/intents', options);

describe('POST /payments/intents', () => {
  it('when the owner of an assigned task asks, then a mock intent for the accepted bid’s total is made', async () => {
    const { task, bid, owner } = payableTask(payments);
    const reply = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id, currency: 'DKK' } });
    expect(reply.status).toBe(200);
    expect(paymentIntentResponseSchema.parse(reply.body)).toEqual({
      provider: 'mock',
      clientSecret: expect.stringMatching(/^mock_pi_\w+_secret_\w+$/),
      paymentIntentId: expect.stringMatching(/^mock_pi_\w+$/),
      amount: bid.quote.totalOre / 100,
      currency: 'DKK',
      paid: false,
    });
    const row = await payments.db('payments').where({ provider_payment_id: reply.body.paymentIntentId }).first();
    expect(row).toMatchObject({ task_id: task.id, bid_id: bid.id, customer_id: owner.id, carrier_id: bid.carrierId, status: 'pending' });
    expect(Number(row.amount_ore)).toBe(bid.quote.totalOre);
  });

  it('when the client sends an amount of its own, then it is ignored: the bid’s total is charged', async () => {
    const { task, bid, owner } = payableTask(payments);
    const reply = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id, currency: 'DKK', amount: 1, amountOre: 100 } });
    expect(reply.status).toBe(200);
    expect(reply.body.amount).toBe(bid.quote.totalOre / 100);
    const intent = await payments.db('mock_payment_intents').where({ id: reply.body.paymentIntentId }).first();
    expect(Number(intent.amount_ore)).toBe(bid.quote.totalOre);
    expect(intent.currency).toBe('dkk');
  });

  it('when the owner double-clicks, then both answers name the same intent and one payment row exists', async () => {
    const { task, owner } = payableTask(payments);
    const body = { taskId: task.id, currency: 'DKK' };
    const replies = await Promise.all([1, 2, 3].map(() => payments.call('POST', '/payments/intents', { as: owner, body })));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(new Set(replies.map((reply) => reply.body.paymentIntentId)).size).toBe(1);
    const again = await payments.call('POST', '/payments/intents', { as: owner, body });
    expect(again.body.paymentIntentId).toBe(replies[0]?.body.paymentIntentId);
    expect(await payments.db('payments').where({ task_id: task.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await payments.db('mock_payment_intents').whereRaw(`metadata->>'taskId' = ?`, [String(task.id)]).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('when a submit is repeated with its Idempotency-Key, then the stored answer is replayed and one payment row exists', async () => {
    const { task, owner } = payableTask(payments);
    const options = { as: owner, body: { taskId: task.id, currency: 'DKK' }, headers: { 'Idempotency-Key': `pay-${task.id}-1` } };
    const first = await createIntent(options);
    const again = await createIntent(options);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await payments.db('payments').where({ task_id: task.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('when nobody is logged in, then 401', async () => {
    const { task } = payableTask(payments);
    const reply = await payments.call('POST', '/payments/intents', { body: { taskId: task.id } });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe(messages.sessionExpired);
  });

  it('when someone other than the owner asks (customer, carrier of the bid, admin), then 403', async () => {
    const { task, carrier } = payableTask(payments);
    for (const caller of [user('customer'), carrier, user('admin')]) {
      const reply = await payments.call('POST', '/payments/intents', { as: caller, body: { taskId: task.id } });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ code: 'forbidden', message: messages.forbidden });
    }
    expect(await payments.db('payments').where({ task_id: task.id }).first()).toBeUndefined();
  });

  it('when the accepted bid’s validity has passed, then 409 bid_expired with the spec’s text', async () => {
    const { task, owner } = payableTask(payments, { validUntil: new Date(Date.now() - 60_000) });
    const reply = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id } });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'bid_expired', message: 'Betalingsfristen for dette bud er udløbet.' });
    expect(await payments.db('payments').where({ task_id: task.id }).first()).toBeUndefined();
  });

  it('when the task is open and svc-bids has no accepted bid, or the task is past payment, then 409 task_not_payable', async () => {
    for (const options of [{ status: 'open_for_bids', withoutBid: true }, { status: 'cancelled' }, { status: 'completed' }] as const) {
      const { task, owner } = payableTask(payments, options);
      const reply = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id } });
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ code: 'task_not_payable', message: messages.taskNotPayable });
    }
  });

  it('when svc-bids accepted the bid but svc-tasks has not heard yet (events delayed), then the owner can pay already', async () => {
    const { task, owner, bid } = payableTask(payments, { status: 'open_for_bids' });
    const reply = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id } });
    expect(reply.status).toBe(200);
    expect(reply.body.paymentIntentId).toEqual(expect.any(String));
    const row = await payments.db('payments').where({ task_id: task.id }).first();
    expect(row.bid_id).toBe(bid.id);
    expect(Number(row.amount_ore)).toBe(bid.quote.totalOre);
  });

  it('when the carrier picked up or delivered before the customer paid, then the customer can still pay (not once completed)', async () => {
    for (const status of ['picked_up', 'delivered'] as const) {
      const { task, owner } = payableTask(payments, { status, validUntil: new Date(Date.now() - 1000) });
      const intent = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id } });
      expect(intent.status, status).toBe(200);
      const done = await payments.call('POST', `/payments/mock/${intent.body.paymentIntentId}/complete`, { as: owner, body: {} });
      expect(done.body.paid).toBe(true);
    }
    for (const status of ['completed', 'cancelled'] as const) {
      const { task, owner } = payableTask(payments, { status });
      expect((await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id } })).body.code, status).toBe('task_not_payable');
    }
  });

  it('when svc-bids has no accepted bid for the task, then 409 no_accepted_bid', async () => {
    const { task, owner } = payableTask(payments, { withoutBid: true });
    const reply = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id } });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('no_accepted_bid');
  });

  it('when the task is unknown, then 404; when svc-tasks is down, then 503', async () => {
    const owner = user('customer');
    const missing = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: 999_999 } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'task_not_found', message: messages.taskNotFound });

    const { task, owner: taskOwner } = payableTask(payments);
    payments.peers.down = true;
    try {
      const down = await payments.call('POST', '/payments/intents', { as: taskOwner, body: { taskId: task.id } });
      expect(down.status).toBe(503);
      expect(down.body.message).toBe(messages.serviceUnavailable);
    } finally {
      payments.peers.down = false;
    }
  });

  it('when an admin marked the task paid, then paid: true and nothing is created', async () => {
    const { task, owner } = payableTask(payments, { status: 'paid' });
    const reply = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ paid: true, clientSecret: null, provider: 'mock' });
    expect(await payments.db('payments').where({ task_id: task.id }).first()).toBeUndefined();
  });

  it.each([
    ['no task id', {}, messages.invalidTaskId],
    ['a task id that is not a number', { taskId: 'abc' }, messages.invalidTaskId],
    ['another currency', { taskId: 5, currency: 'EUR' }, messages.paymentCurrencyUnsupported],
  ])('when the body has %s, then 400 with a Danish message', async (_, body, message) => {
    const reply = await payments.call('POST', '/payments/intents', { as: user('customer'), body });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'invalid_input', message });
  });

  it('when the body is not JSON, then 400 invalid_json', async () => {
    const reply = await payments.call('POST', '/payments/intents', { as: user('customer'), raw: '{"taskId":' });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('invalid_json');
  });
});

describe('the mock card step, then the task is paid and booked once', () => {
  it('when the decline card is used, then 422 with the Danish card error; then the success card pays', async () => {
    const { task, bid, owner, carrier } = payableTask(payments);
    const intent = await createIntent({ as: owner, body: { taskId: task.id, currency: 'DKK' } });
    const id = intent.body.paymentIntentId as string;

    const declined = await payments.call('POST', `/payments/mock/${id}/complete`, { as: owner, body: { card: mockCards.declined } });
    expect(declined.status).toBe(422);
    expect(declined.body).toEqual({ code: 'card_declined', message: messages.cardDeclined });
    expect(await payments.db('payments').where({ provider_payment_id: id }).first()).toMatchObject({ status: 'pending', last_error: 'card_declined' });

    const poor = await payments.call('POST', `/payments/mock/${id}/complete`, { as: owner, body: { card: mockCards.insufficientFunds } });
    expect(poor.status).toBe(422);
    expect(poor.body.message).toBe(messages.cardInsufficientFunds);

    const paid = await payments.call('POST', `/payments/mock/${id}/complete`, { as: owner, body: { card: mockCards.success } });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ paymentIntentId: id, status: 'succeeded', providerStatus: 'succeeded', paid: true, taskId: task.id });

    const booked = await waitForBooking(payments, task.id);
    const [event] = succeededEvents(payments, task.id);
    const payment = await payments.db('payments').where({ provider_payment_id: id }).first();
    expect(event?.data).toEqual({
      paymentId: payment.id,
      taskId: task.id,
      bidId: bid.id,
      customerId: owner.id,
      carrierId: carrier.id,
      amountOre: bid.quote.totalOre,
      currency: 'DKK',
      provider: 'mock',
      providerPaymentId: id,
      snapshot: { quote: bid.quote, vatPercentage: 25, carrierFee: { feePercentage: 10, fixedFeeOre: 0 }, carrierListId: 2 },
      succeededAt: expect.any(String),
    } satisfies PaymentSucceededPayload);
    // net 1500 DKK: platform fee 150, small fee 20, VAT 417.50 (375 on the net, 42.50 on the fees), total 2087.50;
    // carrier fee 150 (10 %), payout 1350 net, 1687.50 gross; the platform keeps 320 ex VAT.
    expect(booked).toMatchObject({
      payment_id: payment.id,
      task_id: task.id,
      bid_id: bid.id,
      customer_id: owner.id,
      carrier_id: carrier.id,
      status: 'succeeded',
      gross_ore: 208_750,
      net_ore: 150_000,
      platform_fee_ex_ore: 15_000,
      small_fee_ex_ore: 2_000,
      carrier_fee_ore: 15_000,
      platform_commission_ore: 32_000,
      vat_total_ore: 41_750,
      vat_on_net_ore: 37_500,
      vat_on_fees_ore: 4_250,
      carrier_payout_gross_ore: 168_750,
      carrier_payout_net_ore: 135_000,
    });
  });

  it('when complete is pressed twice and confirm retried, then one event and one booking', async () => {
    const { task, owner } = payableTask(payments);
    const intent = await createIntent({ as: owner, body: { taskId: task.id } });
    const id = intent.body.paymentIntentId as string;
    const replies = await Promise.all([
      payments.call('POST', `/payments/mock/${id}/complete`, { as: owner, body: {} }),
      payments.call('POST', `/payments/mock/${id}/complete`, { as: owner, body: { card: '4242-4242-4242-4242' } }),
    ]);
    expect(replies.map((reply) => reply.body.paid)).toEqual([true, true]);
    const confirm = await payments.call('POST', '/payments/confirm', { as: owner, body: { paymentIntentId: id } });
    expect(confirm.body).toMatchObject({ paid: true, status: 'succeeded' });
    await waitForBooking(payments, task.id);
    await settle();
    expect(succeededEvents(payments, task.id)).toHaveLength(1);
    expect(await payments.ledger.db('ledger_transactions').where({ task_id: task.id }).count({ n: '*' }).first()).toEqual({ n: 1 });

    const after = await createIntent({ as: owner, body: { taskId: task.id } });
    expect(after.body).toMatchObject({ paid: true, paymentIntentId: id, clientSecret: null });
  });

  it('when the same payment event is delivered again, then the ledger books it once', async () => {
    const { task, owner } = payableTask(payments);
    const intent = await createIntent({ as: owner, body: { taskId: task.id } });
    await payments.call('POST', `/payments/mock/${intent.body.paymentIntentId}/complete`, { as: owner, body: {} });
    await waitForBooking(payments, task.id);
    const [event] = succeededEvents(payments, task.id);
    // The same envelope (the bus dedupes it, the inbox skips it) and a new envelope about the same payment.
    await payments.infra.bus.publish(event!);
    await payments.infra.bus.publish(newEnvelope(eventTypes.paymentSucceeded, event!.data));
    await waitFor(() => succeededEvents(payments, task.id).length >= 2);
    await settle();
    expect(await payments.ledger.db('ledger_transactions').where({ task_id: task.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('when someone else completes or confirms the owner’s payment, then 403; anonymous 401', async () => {
    const { task, owner, carrier } = payableTask(payments);
    const intent = await createIntent({ as: owner, body: { taskId: task.id } });
    const id = intent.body.paymentIntentId as string;
    for (const caller of [user('customer'), carrier, user('admin')]) {
      expect((await payments.call('POST', `/payments/mock/${id}/complete`, { as: caller, body: {} })).status).toBe(403);
      expect((await payments.call('POST', '/payments/confirm', { as: caller, body: { paymentIntentId: id } })).status).toBe(403);
    }
    expect((await payments.call('POST', `/payments/mock/${id}/complete`, { body: {} })).status).toBe(401);
    expect((await payments.call('POST', '/payments/confirm', { body: { paymentIntentId: id } })).status).toBe(401);
    expect(await payments.db('payments').where({ provider_payment_id: id }).first()).toMatchObject({ status: 'pending' });
  });

  it('when the intent id is unknown or malformed, or the card number is, then 404 / 400', async () => {
    const owner = user('customer');
    const unknown = await payments.call('POST', '/payments/confirm', { as: owner, body: { paymentIntentId: 'mock_pi_unknown' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'payment_not_found', message: messages.paymentNotFound });
    const malformed = await payments.call('POST', '/payments/mock/not%20an%20id/complete', { as: owner, body: {} });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('invalid_payment_intent_id');
    const noId = await payments.call('POST', '/payments/confirm', { as: owner, body: {} });
    expect(noId.status).toBe(400);

    const { task, owner: taskOwner } = payableTask(payments);
    const intent = await createIntent({ as: taskOwner, body: { taskId: task.id } });
    const badCard = await payments.call('POST', `/payments/mock/${intent.body.paymentIntentId}/complete`, { as: taskOwner, body: { card: '1234' } });
    expect(badCard.status).toBe(400);
    expect(badCard.body.message).toBe(messages.cardNumberInvalid);
  });

  it('when the card number fails the Luhn check (an API client can skip the form), then 400 with the Danish text and nothing is paid', async () => {
    const { task, owner } = payableTask(payments);
    const intent = await createIntent({ as: owner, body: { taskId: task.id } });
    const id = intent.body.paymentIntentId as string;
    for (const card of ['4242 4242 4242 4241', '1234 5678 9012 3456']) {
      const reply = await payments.call('POST', `/payments/mock/${id}/complete`, { as: owner, body: { card } });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(messages.cardNumberInvalid);
    }
    expect(await payments.db('payments').where({ provider_payment_id: id }).first()).toMatchObject({ status: 'pending' });
    expect(succeededEvents(payments, task.id)).toEqual([]);
  });

  it('when the owner confirms before the card step, then paid: false and the payment is still pending', async () => {
    const { task, owner } = payableTask(payments);
    const intent = await createIntent({ as: owner, body: { taskId: task.id } });
    const reply = await payments.call('POST', '/payments/confirm', { as: owner, body: { paymentIntentId: intent.body.paymentIntentId } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      paymentIntentId: intent.body.paymentIntentId,
      status: 'pending',
      providerStatus: 'requires_payment_method',
      paid: false,
      taskId: task.id,
    });
  });
});

describe('POST /payments/webhook without Stripe', () => {
  it('when Stripe is not configured, then the webhook is refused with 404 and nothing is recorded', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: {} } });
    const reply = await payments.call('POST', '/payments/webhook', { raw: payload, headers: { 'stripe-signature': 't=1,v1=abc' } });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'webhook_not_configured', message: messages.webhookNotConfigured });
    expect(await payments.db('stripe_events').first()).toBeUndefined();
  });
});

describe('the ledger’s reading side', () => {
  it('when an admin lists the ledger filtered by task, then the transaction row of spec section 3 in DKK', async () => {
    const { task, owner, carrier } = payableTask(payments);
    const intent = await createIntent({ as: owner, body: { taskId: task.id } });
    await payments.call('POST', `/payments/mock/${intent.body.paymentIntentId}/complete`, { as: owner, body: {} });
    await waitForBooking(payments, task.id);

    const reply = await payments.ledger.call('GET', `/finance/ledger?taskId=${task.id}`, { as: user('admin') });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(reply.body.items[0]).toMatchObject({
      type: 'transaction',
      task_id: task.id,
      status: 'succeeded',
      gross: 2087.5,
      amount: 2087.5,
      net: 1500,
      carrier_id: carrier.id,
      customer_id: owner.id,
      platformCommission: 320,
      carrierPayout: 1687.5,
      platformFeeEx: 150,
      smallFeeEx: 20,
      vatTotal: 417.5,
      vatOnNet: 375,
      vatOnFees: 42.5,
      carrierPayoutGross: 1687.5,
      carrierPayoutNet: 1350,
    });

    const byCarrier = await payments.ledger.call('GET', `/finance/ledger?carrierId=${carrier.id}&from=2000-01-01&to=2999-12-31`, { as: user('admin') });
    expect(byCarrier.body.items.map((row: { task_id: number }) => row.task_id)).toEqual([task.id]);
    const none = await payments.ledger.call('GET', `/finance/ledger?carrierId=${carrier.id}&to=2001-01-01`, { as: user('admin') });
    expect(none.body).toMatchObject({ total: 0, items: [] });

    const own = await payments.ledger.call('GET', '/finance/payments/me', { as: owner });
    expect(own.status).toBe(200);
    expect(own.body.items).toEqual([
      { id: expect.any(Number), type: 'payment', date: expect.any(String), task_id: task.id, taskId: task.id, status: 'succeeded', amount: 2087.5, task_title: null, reason: null,
        // One VAT model (docs/money.md): gross = net ex VAT + VAT, on the customer's price.
        gross: 2087.5, netExVat: 1670, vat: 417.5, vatBase: 'customer_price' },
    ]);
  });

  it('when a non-admin asks for the ledger, then 403; anonymous 401; a bad filter 400', async () => {
    expect((await payments.ledger.call('GET', '/finance/ledger', { as: user('customer') })).status).toBe(403);
    expect((await payments.ledger.call('GET', '/finance/ledger', { as: user('carrier') })).status).toBe(403);
    expect((await payments.ledger.call('GET', '/finance/ledger')).status).toBe(401);
    expect((await payments.ledger.call('GET', '/finance/payments/me')).status).toBe(401);
    const bad = await payments.ledger.call('GET', '/finance/ledger?carrierId=abc', { as: user('admin') });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.invalidCarrierId);
    const badDate = await payments.ledger.call('GET', '/finance/ledger?from=igår', { as: user('admin') });
    expect(badDate.status).toBe(400);
  });
});

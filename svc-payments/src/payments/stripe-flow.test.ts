/**
 * The Stripe adapter through the real `stripe` SDK, pointed at a local server that plays Stripe's PaymentIntents
 * endpoints, and webhooks signed with the SDK's own test header helper: what the SDK sends (amount, currency,
 * automatic payment methods, metadata, the idempotency key), a forged or tampered webhook refused, a replayed one
 * changing nothing, and the success recorded once whichever way it arrives (webhook or confirm).
 */
import Stripe from 'stripe';
import { messages } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  payableTask,
  publishableKey,
  settle,
  startPayments,
  succeededEvents,
  user,
  waitForBooking,
  webhookSecret,
  type PayableTask,
  type StartedPayments,
} from '../test-harness';
import type { FakeIntent, FakeStripe } from '../testing/fake-stripe';

let payments: StartedPayments;
let stripe: FakeStripe;

beforeAll(async () => {
  payments = await startPayments({ stripe: true, env: { PUBLIC_ORIGIN: 'https://fragtbud.test/' } });
  stripe = payments.stripe!;
});
afterAll(async () => {
  await payments?.close();
});

async function startPaying(options: Parameters<typeof payableTask>[1] = {}): Promise<PayableTask & { intentId: string }> {
  const payable = payableTask(payments, options);
  const reply = await payments.call('POST', '/payments/intents', { as: payable.owner, body: { taskId: payable.task.id, currency: 'DKK' } });
  expect(reply.status).toBe(200);
  return { ...payable, intentId: reply.body.paymentIntentId as string };
}

function signed(payload: string, secret = webhookSecret): Record<string, string> {
  return { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Stripe calls the webhook through the gateway: anonymous, the signature is what counts. */
function postWebhook(payload: string, headers: Record<string, string>) {
  return payments.call('POST', '/payments/webhook', { raw: payload, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

const intentOf = (id: string): FakeIntent => stripe.intents.get(id)!;

describe('POST /payments/intents with Stripe', () => {
  it('when the owner pays, then the SDK creates a DKK PaymentIntent for the bid’s total with automatic payment methods', async () => {
    const before = stripe.requests.length;
    const { task, bid, owner, intentId } = await startPaying();
    const creates = stripe.requests.slice(before).filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents');
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatchObject({
      path: '/v1/payment_intents',
      idempotencyKey: `fragtbud-task-${task.id}-bid-${bid.id}-amount-${bid.quote.totalOre}`,
      authorization: 'Bearer sk_test_fragtbud',
      params: {
        amount: String(bid.quote.totalOre),
        currency: 'dkk',
        'automatic_payment_methods[enabled]': 'true',
        'metadata[taskId]': String(task.id),
        'metadata[bidId]': String(bid.id),
        'metadata[customerId]': String(owner.id),
        // The card is saved to the owner's Stripe customer for an extra fee later (off-session).
        customer: expect.stringMatching(/^cus_/),
        setup_future_usage: 'off_session',
      },
    });
    expect(creates[0]?.params).not.toHaveProperty('payment_method_types[0]');

    const again = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id, amount: 5 } });
    expect(again.body).toEqual({
      provider: 'stripe',
      clientSecret: intentOf(intentId).client_secret,
      paymentIntentId: intentId,
      publishableKey,
      returnUrl: 'https://fragtbud.test/payment-success',
      amount: bid.quote.totalOre / 100,
      currency: 'DKK',
      paid: false,
    });
  });

  it('when the owner double-clicks, then one PaymentIntent: every create carries the same idempotency key', async () => {
    const payable = payableTask(payments);
    const before = stripe.requests.length;
    const body = { taskId: payable.task.id, currency: 'DKK' };
    const replies = await Promise.all([1, 2].map(() => payments.call('POST', '/payments/intents', { as: payable.owner, body })));
    expect(new Set(replies.map((reply) => reply.body.paymentIntentId)).size).toBe(1);
    const keys = stripe.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(1);
    const created = [...stripe.intents.values()].filter((intent) => intent.metadata.taskId === String(payable.task.id));
    expect(created).toHaveLength(1);
    expect(await payments.db('payments').where({ task_id: payable.task.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('when Stripe fails, then 503 with the spec’s text and nothing recorded', async () => {
    const payable = payableTask(payments);
    stripe.failCreates = 10;
    try {
      const reply = await payments.call('POST', '/payments/intents', { as: payable.owner, body: { taskId: payable.task.id } });
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ code: 'payment_provider_unavailable', message: 'Kunne ikke starte betaling.' });
    } finally {
      stripe.failCreates = 0;
    }
    expect(await payments.db('payments').where({ task_id: payable.task.id }).first()).toBeUndefined();
  });

  it('when the bid has expired, then 409 bid_expired and Stripe is not called', async () => {
    const before = stripe.requests.length;
    const payable = payableTask(payments, { validUntil: new Date(Date.now() - 1000) });
    const reply = await payments.call('POST', '/payments/intents', { as: payable.owner, body: { taskId: payable.task.id } });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('bid_expired');
    expect(stripe.requests.length).toBe(before);
  });

  it('when the mock card step is tried while Stripe is the provider, then 409', async () => {
    const { owner, intentId } = await startPaying();
    const reply = await payments.call('POST', `/payments/mock/${intentId}/complete`, { as: owner, body: {} });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'mock_provider_disabled', message: messages.mockPaymentsOnly });
  });
});

describe('POST /payments/webhook', () => {
  it('when Stripe reports payment_intent.succeeded with a valid signature, then the payment succeeds and is booked once', async () => {
    const { task, bid, intentId } = await startPaying();
    // Non-ASCII in the body: the signature is over the exact UTF-8 bytes.
    const intent = stripe.succeed(intentId);
    intent.description = 'Flytning af sofa – Århus → København';
    const payload = stripe.eventPayload(intent);
    const reply = await postWebhook(payload, signed(payload));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ received: true, duplicate: false });
    expect(await payments.db('payments').where({ provider_payment_id: intentId }).first()).toMatchObject({ status: 'succeeded', provider_status: 'succeeded' });
    const booked = await waitForBooking(payments, task.id);
    expect(Number(booked.gross_ore)).toBe(bid.quote.totalOre);
    expect(booked.provider_payment_id).toBe(intentId);

    // Replayed (the same event id), even with a fresh signature: nothing more happens.
    const replay = await postWebhook(payload, signed(payload));
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    // Another event about the same success (Stripe may send more than one): no second payment event either.
    const another = stripe.eventPayload(intentOf(intentId));
    expect((await postWebhook(another, signed(another))).body).toEqual({ received: true, duplicate: false });
    await settle();
    expect(succeededEvents(payments, task.id)).toHaveLength(1);
    expect(await payments.ledger.db('ledger_transactions').where({ task_id: task.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await payments.db('stripe_events').whereIn('id', [JSON.parse(payload).id, JSON.parse(another).id]).count({ n: '*' }).first()).toEqual({ n: 2 });
  });

  it('when the signature is forged (another secret), then 400 and nothing changes', async () => {
    const { task, intentId } = await startPaying();
    const payload = stripe.eventPayload(stripe.succeed(intentId));
    const reply = await postWebhook(payload, signed(payload, 'whsec_forged0000000000000000'));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_signature', message: messages.webhookSignatureInvalid });
    expect(await payments.db('payments').where({ provider_payment_id: intentId }).first()).toMatchObject({ status: 'pending' });
    expect(await payments.db('stripe_events').where({ id: JSON.parse(payload).id }).first()).toBeUndefined();
    await settle();
    expect(succeededEvents(payments, task.id)).toHaveLength(0);
  });

  it('when the body was changed after signing, or the signature is missing or too old, then 400', async () => {
    const { intentId } = await startPaying();
    const payload = stripe.eventPayload(stripe.succeed(intentId));
    const tampered = payload.replace(`"amount": ${intentOf(intentId).amount}`, '"amount": 1');
    expect(tampered).not.toBe(payload);
    expect((await postWebhook(tampered, signed(payload))).status).toBe(400);
    // Re-serialised JSON is not the raw body Stripe signed.
    expect((await postWebhook(JSON.stringify(JSON.parse(payload)), signed(payload))).status).toBe(400);
    expect((await postWebhook(payload, {})).status).toBe(400);
    const old = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await postWebhook(payload, { 'stripe-signature': old })).status).toBe(400);
    expect(await payments.db('payments').where({ provider_payment_id: intentId }).first()).toMatchObject({ status: 'pending' });
  });

  it('when a declined card is reported, then the payment stays pending with Stripe’s error', async () => {
    const { intentId } = await startPaying();
    const payload = stripe.eventPayload(stripe.decline(intentId), 'payment_intent.payment_failed');
    expect((await postWebhook(payload, signed(payload))).status).toBe(200);
    expect(await payments.db('payments').where({ provider_payment_id: intentId }).first()).toMatchObject({
      status: 'pending',
      last_error: 'Your card was declined.',
    });
  });

  it('when an event is about an intent we did not make, or of another type, then 200 and nothing else', async () => {
    const stranger = stripe.eventPayload({ ...intentOf((await startPaying()).intentId), id: 'pi_not_ours', status: 'succeeded' });
    expect((await postWebhook(stranger, signed(stranger))).body).toEqual({ received: true, duplicate: false });
    const other = JSON.stringify({ id: 'evt_customer_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    expect((await postWebhook(other, signed(other))).status).toBe(200);
  });
});

describe('POST /payments/confirm with Stripe', () => {
  it('when the owner confirms after the card step, then it asks Stripe, records the success, and a later webhook adds nothing', async () => {
    const { task, owner, intentId } = await startPaying();
    const pending = await payments.call('POST', '/payments/confirm', { as: owner, body: { paymentIntentId: intentId } });
    expect(pending.body).toEqual({ paymentIntentId: intentId, status: 'pending', providerStatus: 'requires_payment_method', paid: false, taskId: task.id });

    stripe.succeed(intentId);
    const retrievals = () => stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intentId}`).length;
    const before = retrievals();
    const confirms = await Promise.all([1, 2].map(() => payments.call('POST', '/payments/confirm', { as: owner, body: { paymentIntentId: intentId } })));
    expect(confirms.map((reply) => reply.body.paid)).toEqual([true, true]);
    expect(retrievals()).toBeGreaterThan(before);
    await waitForBooking(payments, task.id);

    const payload = stripe.eventPayload(intentOf(intentId));
    expect((await postWebhook(payload, signed(payload))).status).toBe(200);
    const paidAgain = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id } });
    expect(paidAgain.body).toMatchObject({ paid: true, provider: 'stripe', paymentIntentId: intentId });
    await settle();
    expect(succeededEvents(payments, task.id)).toHaveLength(1);
    expect(await payments.ledger.db('ledger_transactions').where({ task_id: task.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('when the webhook was lost, then asking for the intent again finds the success at Stripe', async () => {
    const { task, owner, intentId } = await startPaying();
    stripe.succeed(intentId);
    const reply = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id } });
    expect(reply.body).toMatchObject({ paid: true, paymentIntentId: intentId });
    await waitForBooking(payments, task.id);
  });

  it('when Stripe canceled the intent, then asking again makes a new attempt with a new idempotency key', async () => {
    const { task, bid, owner, intentId } = await startPaying();
    intentOf(intentId).status = 'canceled';
    const reply = await payments.call('POST', '/payments/intents', { as: owner, body: { taskId: task.id } });
    expect(reply.status).toBe(200);
    expect(reply.body.paymentIntentId).not.toBe(intentId);
    const rows = await payments.db('payments').where({ task_id: task.id }).orderBy('id');
    expect(rows.map((row) => [row.status, row.attempt])).toEqual([
      ['canceled', 1],
      ['pending', 2],
    ]);
    expect(rows[1].idempotency_key).toBe(`fragtbud-task-${task.id}-bid-${bid.id}-amount-${bid.quote.totalOre}-attempt-2`);
  });

  it('when another customer confirms the owner’s intent, then 403', async () => {
    const { intentId } = await startPaying();
    const reply = await payments.call('POST', '/payments/confirm', { as: user('customer'), body: { paymentIntentId: intentId } });
    expect(reply.status).toBe(403);
  });
});

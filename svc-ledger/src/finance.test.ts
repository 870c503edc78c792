/**
 * The money after a payment (issue #12), through the HTTP API: a carrier earns a transaction's payout once its
 * task is completed, asks for it (one payout however often they click), an admin pays it out, adjusts, and reads
 * the ledger, saldo and overview — CSVs included. Refunds and charges arrive as svc-payments' events.
 */
import { randomUUID } from 'node:crypto';
import { carrierFinanceRowSchema, eventTypes, messages, type AuthUser } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankDetailsEvent,
  bookPaymentEvent,
  envelopeOf,
  paymentOf,
  publishedEvent,
  startLedger,
  taskStatusEvent,
  user,
  type StartedLedger,
} from './test-harness';
import { internalTokenHeader, signInternalToken, waitFor } from '@fragtbud/platform';

/** A CSV download, byte for byte (fetch's text() would drop the BOM). */
async function download(path: string, as: AuthUser) {
  const token = await signInternalToken({ secret: ledger.config.INTERNAL_TOKEN_SECRET, user: as });
  const response = await fetch(`${ledger.url}${path}`, { headers: { [internalTokenHeader]: token } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, body: bytes.toString('utf8') };
}

let ledger: StartedLedger;
const admin = user('admin');

beforeAll(async () => {
  ledger = await startLedger();
});
afterAll(async () => {
  await ledger?.close();
});

/**
 * A carrier with one paid task of net 1000 DKK (payout net 900, gross 1125), completed unless said otherwise, and
 * bank details saved (identity said so) unless `bank: false`.
 */
async function carrierWithPaidTask(options: { completed?: boolean; netOre?: number; bank?: boolean } = {}) {
  const carrier = user('carrier');
  const customer = user('customer');
  if (options.bank !== false) await bankDetailsEvent(ledger, carrier.id);
  const payment = paymentOf({ carrierId: carrier.id, customerId: customer.id, netOre: options.netOre ?? 100_000 });
  await bookPaymentEvent(ledger, payment);
  if (options.completed !== false) await taskStatusEvent(ledger, payment, 'completed');
  return { carrier, customer, payment };
}

const finance = (carrier: AuthUser) => ledger.call('GET', '/finance/me', { as: carrier });

describe('what a carrier has earned (pendingNet, balanceNet)', () => {
  it('when the task is paid but not completed, then nothing is earned; once completed, the payout net is', async () => {
    const { carrier, payment } = await carrierWithPaidTask({ completed: false });
    expect((await finance(carrier)).body).toMatchObject({ balanceNet: 0, pendingNet: 0 });
    await taskStatusEvent(ledger, payment, 'completed');
    const reply = await finance(carrier);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ balanceNet: 900, pendingNet: 900, earnedNet: 900 });
    expect(reply.body.rows).toEqual([expect.objectContaining({ type: 'transaction', task_id: payment.taskId, carrierPayoutNet: 900 })]);
  });

  it('when a completed task is cancelled afterwards, then it no longer counts', async () => {
    const { carrier, payment } = await carrierWithPaidTask();
    await taskStatusEvent(ledger, payment, 'cancelled');
    expect((await finance(carrier)).body).toMatchObject({ balanceNet: 0, pendingNet: 0 });
  });
});

/** svc-payments refunded the task's payment in full (the task was cancelled); waits until the ledger booked it. */
async function refundOf(payment: ReturnType<typeof paymentOf>) {
  const refund = { refundId: payment.paymentId, paymentId: payment.paymentId, taskId: payment.taskId, customerId: payment.customerId, amountOre: payment.amountOre, provider: 'mock', providerRefundId: `mock_re_${payment.paymentId}`, succeededAt: new Date().toISOString() };
  await ledger.infra.bus.publish(envelopeOf(eventTypes.refundSucceeded, refund));
  await waitFor(() => ledger.db('ledger_refunds').where({ refund_id: refund.refundId }).first());
}

describe('a carrier sees only their side of the money (spec section 7)', () => {
  it('when a carrier reads their finance, then each row has the payout gross, net and VAT — no customer gross, platform fees or customer VAT', async () => {
    const { carrier, payment } = await carrierWithPaidTask();
    await ledger.call('POST', '/finance/adjustments', { as: admin, body: { carrierId: carrier.id, amount: 10, reason: 'Bonus' } });
    await ledger.call('POST', '/finance/payouts/carrier', { as: admin, body: { carrierId: carrier.id, amountGross: 125 } });
    const reply = await finance(carrier);
    expect(reply.status).toBe(200);
    const rows = reply.body.rows as Array<Record<string, unknown>>;
    expect(rows.map((row) => row.type)).toEqual(['transaction', 'adjustment', 'payout']);
    for (const row of rows) expect(() => carrierFinanceRowSchema.parse(row)).not.toThrow();
    expect(rows[0]).toMatchObject({ task_id: payment.taskId, amount: 1125, net: 900, carrierPayoutGross: 1125, carrierPayoutNet: 900, payoutVat: 225 });
    // Part of a pot of 1135 gross / 910 net (the 10 DKK bonus carries no VAT) pays the pot's share of net: 125 · 910 / 1135.
    expect(rows[2]).toMatchObject({ amount: 125, net: 100.22, payoutVat: 24.78 });
    const text = JSON.stringify(reply.body);
    for (const key of ['gross', 'platformCommission', 'platformFeeEx', 'smallFeeEx', 'vatTotal', 'vatOnFees', 'vatOnNet', 'customer_id', 'payment_id']) {
      expect(text).not.toContain(`"${key}"`);
    }
    expect(text).not.toContain('1400'); // what the customer paid
  });

  it('when an admin reads the ledger, then the whole breakdown is still there', async () => {
    const { carrier, payment } = await carrierWithPaidTask();
    const reply = await ledger.call('GET', `/finance/ledger?carrierId=${carrier.id}`, { as: admin });
    expect(reply.body.items).toEqual([
      expect.objectContaining({ task_id: payment.taskId, gross: 1400, platformFeeEx: 100, smallFeeEx: 20, vatTotal: 280, carrierPayoutGross: 1125 }),
    ]);
  });
});

describe("the carrier's rows tell where each payout stands (and the balance agrees)", () => {
  const transactionOf = (rows: Array<{ type: string; task_id: number | null }>, taskId: number) => rows.find((row) => row.type === 'transaction' && row.task_id === taskId);

  it('when a paid task is cancelled and refunded, then its row reads refunded, is not in the balance, and the CSV says Refunderet', async () => {
    const { carrier, payment } = await carrierWithPaidTask({ completed: false });
    const earnedTask = paymentOf({ carrierId: carrier.id, customerId: payment.customerId, netOre: 100_000 });
    await bookPaymentEvent(ledger, earnedTask);
    await taskStatusEvent(ledger, earnedTask, 'completed');
    await taskStatusEvent(ledger, payment, 'cancelled');
    await refundOf(payment);

    const reply = await finance(carrier);
    expect(reply.body).toMatchObject({ balanceNet: 900, pendingNet: 900, earnedNet: 900 });
    expect(transactionOf(reply.body.rows, payment.taskId)).toMatchObject({ status: 'refunded', inBalance: false, label: 'Indtjening' });
    expect(transactionOf(reply.body.rows, earnedTask.taskId)).toMatchObject({ status: 'succeeded', inBalance: true, label: 'Indtjening' });

    const csv = await download('/finance/me.csv', carrier);
    const lines = String(csv.body).split('\r\n');
    expect(lines.find((line) => line.includes(`;${payment.taskId};`))).toContain(`;${payment.taskId};Refunderet;`);
    expect(lines.find((line) => line.includes(`;${earnedTask.taskId};`))).toContain(`;${earnedTask.taskId};Gennemført;`);
  });

  it('when a refunded task is set to completed afterwards, then its payout is still not earned', async () => {
    const { carrier, payment } = await carrierWithPaidTask({ completed: false });
    await taskStatusEvent(ledger, payment, 'cancelled');
    await refundOf(payment);
    await taskStatusEvent(ledger, payment, 'completed');
    const reply = await finance(carrier);
    expect(reply.body).toMatchObject({ balanceNet: 0, pendingNet: 0, earnedNet: 0 });
    expect(transactionOf(reply.body.rows, payment.taskId)).toMatchObject({ status: 'refunded', inBalance: false });
  });

  it('when a paid task is not completed yet, then it awaits completion (Afventer afslutning); cancelled without a refund: Annulleret', async () => {
    const { carrier, payment } = await carrierWithPaidTask({ completed: false });
    await taskStatusEvent(ledger, payment, 'in_transit');
    expect(transactionOf((await finance(carrier)).body.rows, payment.taskId)).toMatchObject({ status: 'awaiting_completion', inBalance: false });
    expect(String((await download('/finance/me.csv', carrier)).body)).toContain(`;${payment.taskId};Afventer afslutning;`);
    await taskStatusEvent(ledger, payment, 'cancelled');
    expect(transactionOf((await finance(carrier)).body.rows, payment.taskId)).toMatchObject({ status: 'cancelled', inBalance: false });
  });

  it('when a payout request is cancelled, then its row stays but leaves the balance; an adjustment counts', async () => {
    const { carrier } = await carrierWithPaidTask();
    const request = await ledger.call('POST', '/finance/payout-requests', { as: carrier });
    await ledger.call('PUT', `/finance/payouts/${request.body.payout.id}/status`, { as: admin, body: { status: 'cancelled' } });
    await ledger.call('POST', '/finance/adjustments', { as: admin, body: { carrierId: carrier.id, amount: 10, reason: 'Bonus' } });
    const rows = (await finance(carrier)).body.rows as Array<{ type: string; status: string; inBalance: boolean }>;
    expect(rows.map((row) => [row.type, row.status, row.inBalance])).toEqual([
      ['transaction', 'succeeded', true],
      ['payout', 'cancelled', false],
      ['adjustment', 'applied', true],
    ]);
  });
});

describe('names in the admin ledger', () => {
  it('when identity announced the carrier and customer, then each ledger row names them; a user not known yet: null', async () => {
    // No bank-details announcement: identity's events name these two here.
    const { carrier, customer, payment } = await carrierWithPaidTask({ bank: false });
    await ledger.infra.bus.publish(envelopeOf(eventTypes.userUpdated, { userId: carrier.id, name: 'Lars Hansen', email: 'lars@example.dk', company: 'Hansen Fragt ApS', role: 'carrier' }));
    await ledger.infra.bus.publish(envelopeOf(eventTypes.userRegistered, { userId: customer.id, role: 'customer', name: 'Karen Jensen', email: 'karen@example.dk' }));
    await waitFor(async () => (await ledger.db('user_directory').whereIn('user_id', [carrier.id, customer.id])).length === 2);
    const rows = await ledger.call('GET', `/finance/ledger?taskId=${payment.taskId}`, { as: admin });
    expect(rows.status).toBe(200);
    expect(rows.body.items).toEqual([
      expect.objectContaining({ type: 'transaction', carrier_id: carrier.id, carrier_name: 'Lars Hansen (Hansen Fragt ApS)', customer_id: customer.id, customer_name: 'Karen Jensen' }),
    ]);
    const unknown = await carrierWithPaidTask({ bank: false });
    const other = await ledger.call('GET', `/finance/ledger?taskId=${unknown.payment.taskId}`, { as: admin });
    expect(other.body.items).toEqual([expect.objectContaining({ carrier_name: null, customer_name: null })]);
    const overview = await ledger.call('GET', '/admin/financial-overview', { as: admin });
    const pending = (overview.body.carriersWithPending as Array<{ carrierId: number; carrierName: string | null }>);
    expect(pending.find((row) => row.carrierId === carrier.id)?.carrierName).toBe('Lars Hansen (Hansen Fragt ApS)');
    expect(pending.find((row) => row.carrierId === unknown.carrier.id)?.carrierName).toBeNull();
  });
});

describe('tasks named by type and route', () => {
  it('when svc-tasks announced the cities, then ledger and carrier rows name the task by them; an older event without cities keeps them', async () => {
    const { carrier, payment } = await carrierWithPaidTask({ completed: false });
    await taskStatusEvent(ledger, payment, 'in_transit', { fromCity: 'Roskilde', toCity: 'København V' });
    await taskStatusEvent(ledger, payment, 'completed');
    const rows = await ledger.call('GET', `/finance/ledger?taskId=${payment.taskId}`, { as: admin });
    expect(rows.body.items).toEqual([expect.objectContaining({ task_id: payment.taskId, task_title: 'Flytning · Roskilde → København V' })]);
    expect((await finance(carrier)).body.rows).toEqual([expect.objectContaining({ task_title: 'Flytning · Roskilde → København V' })]);
  });

  it("when a customer reads their payments and adjustments, then each names its task as the carrier's rows do", async () => {
    const { customer, payment } = await carrierWithPaidTask({ completed: false });
    await taskStatusEvent(ledger, payment, 'completed', { fromCity: 'Vejle', toCity: 'Esbjerg' });
    await ledger.call('POST', '/finance/adjustments', { as: admin, body: { customerId: customer.id, amount: 30, reason: 'Kompensation', taskId: payment.taskId } });
    await ledger.call('POST', '/finance/adjustments', { as: admin, body: { customerId: customer.id, amount: -10, reason: 'Gebyr' } });
    const payments = await ledger.call('GET', '/finance/payments/me', { as: customer });
    expect(payments.body.items).toEqual([expect.objectContaining({ type: 'payment', task_id: payment.taskId, task_title: 'Flytning · Vejle → Esbjerg' })]);
    const adjustments = await ledger.call('GET', '/finance/ledger/customer/me', { as: customer });
    expect(adjustments.body.rows.map((row: { reason: string; task_title: string | null }) => [row.reason, row.task_title]).sort()).toEqual([
      ['Gebyr', null],
      ['Kompensation', 'Flytning · Vejle → Esbjerg'],
    ]);
  });

  it('when only the type is known, then type and number; a task the ledger never heard of: null', async () => {
    const { payment } = await carrierWithPaidTask();
    const named = await ledger.call('GET', `/finance/ledger?taskId=${payment.taskId}`, { as: admin });
    expect(named.body.items).toEqual([expect.objectContaining({ task_title: `Flytning #${payment.taskId}` })]);
    const unknown = await carrierWithPaidTask({ completed: false });
    const other = await ledger.call('GET', `/finance/ledger?taskId=${unknown.payment.taskId}`, { as: admin });
    expect(other.body.items).toEqual([expect.objectContaining({ task_title: null })]);
  });
});

describe('POST /finance/payout-requests', () => {
  it('when a carrier asks, then one pending payout of all pendingNet; paid by the admin, it reads Udbetalt', async () => {
    const { carrier } = await carrierWithPaidTask();
    const reply = await ledger.call('POST', '/finance/payout-requests', { as: carrier });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      message: 'Udbetalingsanmodning oprettet',
      payout: { type: 'carrier', carrier_id: carrier.id, amountNet: 900, amountGross: 1125, status: 'pending', label: 'Udbetaling (afventer)' },
    });
    expect((await finance(carrier)).body).toMatchObject({ pendingNet: 0, balanceNet: 900 });

    const payoutId = reply.body.payout.id;
    const paid = await ledger.call('PUT', `/finance/payouts/${payoutId}/status`, { as: admin, body: { status: 'paid', providerRef: 'bank-123' } });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', label: 'Udbetalt', providerRef: 'bank-123' });
    expect((await finance(carrier)).body).toMatchObject({ pendingNet: 0, balanceNet: 0 });
    const event = await publishedEvent(ledger, eventTypes.payoutStatusChanged, (data) => data.payoutId === payoutId && data.to === 'paid');
    expect(event.data).toMatchObject({ carrierId: carrier.id, amountNetOre: 90_000, amountGrossOre: 112_500, from: 'pending', changedBy: admin.id });

    const rows = await ledger.call('GET', `/finance/ledger?carrierId=${carrier.id}&type=payout`, { as: admin });
    expect(rows.body.items).toEqual([expect.objectContaining({ type: 'payout', label: 'Udbetalt', payoutId, payoutType: 'carrier', amount: 1125 })]);

    // Paid again: nothing changes; cancelled after paid: refused.
    expect((await ledger.call('PUT', `/finance/payouts/${payoutId}/status`, { as: admin, body: { status: 'paid' } })).status).toBe(200);
    const cancel = await ledger.call('PUT', `/finance/payouts/${payoutId}/status`, { as: admin, body: { status: 'cancelled' } });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(messages.payoutAlreadySettled);
  });

  it('when the carrier double-clicks (two requests at once, and a third later), then there is one payout', async () => {
    const { carrier } = await carrierWithPaidTask();
    const replies = await Promise.all([
      ledger.call('POST', '/finance/payout-requests', { as: carrier }),
      ledger.call('POST', '/finance/payout-requests', { as: carrier }),
    ]);
    const again = await ledger.call('POST', '/finance/payout-requests', { as: carrier });
    expect(replies.map((r) => r.status).sort()).toEqual([200, 201]);
    const ids = new Set([...replies, again].map((r) => r.body.payout.id));
    expect(ids.size).toBe(1);
    expect(await ledger.db('payouts').where({ carrier_id: carrier.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('when the same Idempotency-Key comes again after the payout was paid, then the same payout, not a new one', async () => {
    const { carrier } = await carrierWithPaidTask();
    const key = `click-${randomUUID()}`;
    const first = await ledger.call('POST', '/finance/payout-requests', { as: carrier, headers: { 'idempotency-key': key } });
    await ledger.call('PUT', `/finance/payouts/${first.body.payout.id}/status`, { as: admin, body: { status: 'paid' } });
    await ledger.call('POST', '/finance/adjustments', { as: admin, body: { carrierId: carrier.id, amount: 10, reason: 'Bonus' } });
    const retry = await ledger.call('POST', '/finance/payout-requests', { as: carrier, headers: { 'idempotency-key': key } });
    expect(retry.status).toBe(200);
    expect(retry.body.payout.id).toBe(first.body.payout.id);
  });

  it('when an adjustment is sent twice with a malformed or empty Idempotency-Key, then 400 in Danish and no adjustment (it was booked twice)', async () => {
    const { carrier } = await carrierWithPaidTask();
    for (const key of ['to ord', '', 'æøå-nøgle', 'x'.repeat(201)]) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const reply = await ledger.call('POST', '/finance/adjustments', {
          as: admin,
          body: { carrierId: carrier.id, amount: 5, reason: 'Bonus' },
          headers: { 'idempotency-key': key },
        });
        expect(reply.status, JSON.stringify(key)).toBe(400);
        expect(reply.body).toEqual({ code: 'invalid_idempotency_key', message: messages.invalidIdempotencyKey });
      }
    }
    expect(await ledger.db('adjustments').where({ user_id: carrier.id }).first()).toBeUndefined();
  });

  it('when an Idempotency-Key comes again with another body (adjustment 100, then 5000; a payout 125, then 250), then 422 idempotency_key_reused and only the first is booked', async () => {
    const { carrier } = await carrierWithPaidTask();
    const key = `admin-${randomUUID()}`;
    const adjust = (amount: number) =>
      ledger.call('POST', '/finance/adjustments', { as: admin, body: { carrierId: carrier.id, amount, reason: 'Bonus' }, headers: { 'idempotency-key': key } });
    expect((await adjust(100)).status).toBe(201);
    const again = await adjust(100);
    expect(again.status).toBe(200);
    const reused = await adjust(5000);
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ code: 'idempotency_key_reused', message: messages.idempotencyKeyReused });
    const adjustments = await ledger.db('adjustments').where({ user_id: carrier.id });
    expect(adjustments.map((row) => Number(row.amount_ore))).toEqual([10_000]);

    const payoutKey = `admin-${randomUUID()}`;
    const pay = (amountGross: number) =>
      ledger.call('POST', '/finance/payouts/carrier', { as: admin, body: { carrierId: carrier.id, amountGross }, headers: { 'idempotency-key': payoutKey } });
    expect((await pay(125)).status).toBe(201);
    expect((await pay(250)).body).toEqual({ code: 'idempotency_key_reused', message: messages.idempotencyKeyReused });
    const payouts = await ledger.db('payouts').where({ carrier_id: carrier.id });
    expect(payouts.map((row) => Number(row.amount_gross_ore))).toEqual([12_500]);
  });

  it('when the carrier has no bank details saved, then 422 with the Danish text and no payout; once saved, the request goes through', async () => {
    const { carrier } = await carrierWithPaidTask({ bank: false });
    const refused = await ledger.call('POST', '/finance/payout-requests', { as: carrier });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ code: 'bank_details_missing', message: 'Udfyld dine bankoplysninger under Bank, før du anmoder om udbetaling.' });
    expect(await ledger.db('payouts').where({ carrier_id: carrier.id }).first()).toBeUndefined();
    expect((await finance(carrier)).body).toMatchObject({ pendingNet: 900 });

    await bankDetailsEvent(ledger, carrier.id, true);
    expect((await ledger.call('POST', '/finance/payout-requests', { as: carrier })).status).toBe(201);
  });

  it('when a requesting carrier has no bank details (any more), then the admin cannot mark the request paid, only cancel it', async () => {
    const { carrier } = await carrierWithPaidTask();
    const request = await ledger.call('POST', '/finance/payout-requests', { as: carrier });
    expect(request.status).toBe(201);
    await bankDetailsEvent(ledger, carrier.id, false);
    const paid = await ledger.call('PUT', `/finance/payouts/${request.body.payout.id}/status`, { as: admin, body: { status: 'paid', providerRef: 'x' } });
    expect(paid.status).toBe(422);
    expect(paid.body).toEqual({ code: 'bank_details_missing', message: messages.payoutBankDetailsMissing });
    expect(await ledger.db('payouts').where({ id: request.body.payout.id }).first('status')).toEqual({ status: 'pending' });
    const cancelled = await ledger.call('PUT', `/finance/payouts/${request.body.payout.id}/status`, { as: admin, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
  });

  it("when there is nothing pending, then 422 'Ingen beløb til udbetaling'", async () => {
    const reply = await ledger.call('POST', '/finance/payout-requests', { as: user('carrier') });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ code: 'nothing_to_pay_out', message: 'Ingen beløb til udbetaling' });
  });

  it('when a cancelled payout gave its amount back, then a new request asks for it again', async () => {
    const { carrier } = await carrierWithPaidTask();
    const first = await ledger.call('POST', '/finance/payout-requests', { as: carrier });
    await ledger.call('PUT', `/finance/payouts/${first.body.payout.id}/status`, { as: admin, body: { status: 'cancelled' } });
    expect((await finance(carrier)).body.pendingNet).toBe(900);
    const second = await ledger.call('POST', '/finance/payout-requests', { as: carrier });
    expect(second.status).toBe(201);
    expect(second.body.payout.id).not.toBe(first.body.payout.id);
  });
});

describe('admin payouts and adjustments', () => {
  it('when an admin pays a carrier 125 DKK gross, then 100 net leaves pendingNet and balanceNet (paid at once)', async () => {
    const { carrier, payment } = await carrierWithPaidTask();
    const reply = await ledger.call('POST', '/finance/payouts/carrier', {
      as: admin,
      body: { amountGross: '125,00', carrierId: String(carrier.id), taskId: payment.taskId },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ amountGross: 125, amountNet: 100, status: 'paid', label: 'Udbetalt', origin: 'admin' });
    expect((await finance(carrier)).body).toMatchObject({ pendingNet: 800, balanceNet: 800 });
  });

  it('when a payout or adjustment names a task the ledger has never heard of, then 422 and nothing is booked', async () => {
    const { carrier, customer } = await carrierWithPaidTask();
    const unknownTaskId = 999_999_999;
    const notFound = { code: 'task_not_found', message: 'Opgave ikke fundet', details: [{ path: 'taskId', message: 'Opgave ikke fundet' }] };
    const attempts = [
      ['/finance/payouts/platform', { amountGross: 1.25, taskId: unknownTaskId }],
      ['/finance/payouts/carrier', { amountGross: 125, carrierId: carrier.id, taskId: unknownTaskId }],
      ['/finance/adjustments', { customerId: customer.id, amount: 5, reason: 'Kompensation', taskId: unknownTaskId }],
    ] as const;
    for (const [path, body] of attempts) {
      const reply = await ledger.call('POST', path, { as: admin, body });
      expect({ path, status: reply.status, body: reply.body }).toEqual({ path, status: 422, body: notFound });
    }
    expect(await ledger.db('payouts').where({ task_id: unknownTaskId })).toEqual([]);
    expect(await ledger.db('adjustments').where({ task_id: unknownTaskId })).toEqual([]);
  });

  it('when svc-tasks has announced a new task, then a payout or adjustment may name it before its status moves', async () => {
    const { customer } = await carrierWithPaidTask();
    const taskId = 990_000_000 + Math.floor(Math.random() * 1_000_000);
    await ledger.infra.bus.publish(
      envelopeOf(eventTypes.taskCreated, {
        taskId, userId: customer.id, type: 'moving', status: 'open_for_bids', isGuest: false,
        fromPostalCode: '8000', fromCity: 'Aarhus C', toPostalCode: '2100', toCity: 'København Ø', maxBids: null, createdBy: customer.id,
      }),
    );
    await waitFor(() => ledger.db('ledger_tasks').where({ task_id: taskId }).first());
    const adjustment = await ledger.call('POST', '/finance/adjustments', { as: admin, body: { customerId: customer.id, amount: 5, reason: 'Kompensation', taskId } });
    expect(adjustment.status).toBe(201);
    const payout = await ledger.call('POST', '/finance/payouts/platform', { as: admin, body: { amountGross: 1.25, taskId } });
    expect(payout.status).toBe(201);
  });

  it('when the payout is more than pendingNet, then 422 and nothing is booked', async () => {
    const { carrier } = await carrierWithPaidTask();
    const reply = await ledger.call('POST', '/finance/payouts/carrier', { as: admin, body: { amountGross: 2000, carrierId: carrier.id } });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe(messages.payoutExceedsPending);
    expect(await ledger.db('payouts').where({ carrier_id: carrier.id }).first()).toBeUndefined();
  });

  it.each([
    [{ amountGross: 0, carrierId: 5 }, 'Ugyldigt beløb'],
    [{ amountGross: -10, carrierId: 5 }, 'Ugyldigt beløb'],
    [{ amountGross: 'mange', carrierId: 5 }, 'Ugyldigt beløb'],
    [{ amountGross: 10.001, carrierId: 5 }, 'Ugyldigt beløb'],
    [{ amountGross: 10, carrierId: 'x' }, 'Ugyldigt Carrier ID'],
    [{ amountGross: 10 }, 'Ugyldigt Carrier ID'],
  ])('when the carrier payout body is %j, then 400 %s', async (body, message) => {
    const reply = await ledger.call('POST', '/finance/payouts/carrier', { as: admin, body });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
  });

  it('when an adjustment is made for a carrier, then it counts at once, with its sign', async () => {
    const { carrier } = await carrierWithPaidTask();
    const plus = await ledger.call('POST', '/finance/adjustments', { as: admin, body: { carrierId: carrier.id, amount: 50, reason: 'Ventetid' } });
    expect(plus.status).toBe(201);
    expect(plus.body).toMatchObject({ party: 'carrier', carrier_id: carrier.id, amount: 50, reason: 'Ventetid' });
    await ledger.call('POST', '/finance/adjustments', { as: admin, body: { carrierId: carrier.id, amount: '-20,50', reason: 'Skade' } });
    expect((await finance(carrier)).body).toMatchObject({ pendingNet: 929.5, balanceNet: 929.5 });
  });

  it.each([
    [{ carrierId: 5, amount: 0, reason: 'x' }, 'Ugyldigt beløb'],
    [{ carrierId: 5, amount: 'NaN', reason: 'x' }, 'Ugyldigt beløb'],
    [{ customerId: 'abc', amount: 5, reason: 'x' }, 'Ugyldigt Customer ID'],
    [{ carrierId: -1, amount: 5, reason: 'x' }, 'Ugyldigt Carrier ID'],
    [{ carrierId: 5, amount: 5, reason: '  ' }, messages.adjustmentReasonRequired],
    [{ amount: 5, reason: 'x' }, messages.adjustmentPartyRequired],
    [{ carrierId: 5, customerId: 6, amount: 5, reason: 'x' }, messages.adjustmentPartyRequired],
  ])('when the adjustment body is %j, then 400 %s', async (body, message) => {
    const reply = await ledger.call('POST', '/finance/adjustments', { as: admin, body });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
  });

  it("when the id typed as Customer ID is a carrier's (or the Carrier ID a customer's), then 422 and nothing is booked", async () => {
    const { carrier, customer } = await carrierWithPaidTask({ bank: false });
    await ledger.infra.bus.publish(envelopeOf(eventTypes.userRegistered, { userId: carrier.id, role: 'carrier', name: 'Lars Hansen', email: 'lars@example.dk' }));
    await ledger.infra.bus.publish(envelopeOf(eventTypes.userRegistered, { userId: customer.id, role: 'customer', name: 'Karen Jensen', email: 'karen@example.dk' }));
    await waitFor(async () => (await ledger.db('user_directory').whereIn('user_id', [carrier.id, customer.id])).length === 2);
    const asCustomer = await ledger.call('POST', '/finance/adjustments', { as: admin, body: { customerId: carrier.id, amount: 5, reason: 'Kompensation' } });
    expect(asCustomer.status).toBe(422);
    expect(asCustomer.body).toMatchObject({ code: 'not_a_customer', message: 'Ugyldigt Customer ID' });
    const asCarrier = await ledger.call('POST', '/finance/adjustments', { as: admin, body: { carrierId: customer.id, amount: 5, reason: 'Bonus' } });
    expect(asCarrier.status).toBe(422);
    expect(asCarrier.body).toMatchObject({ code: 'not_a_carrier', message: 'Ugyldigt Carrier ID' });
    expect(await ledger.db('adjustments').whereIn('user_id', [carrier.id, customer.id])).toEqual([]);
    const right = await ledger.call('POST', '/finance/adjustments', { as: admin, body: { customerId: customer.id, amount: 5, reason: 'Kompensation' } });
    expect(right.status).toBe(201);
  });

  it('when a customer has an adjustment on an open task and one on a completed task, then pending and applied', async () => {
    const { customer, payment } = await carrierWithPaidTask({ completed: false });
    await ledger.call('POST', '/finance/adjustments', { as: admin, body: { customerId: customer.id, amount: 30, reason: 'Kompensation', taskId: payment.taskId } });
    await ledger.call('POST', '/finance/adjustments', { as: admin, body: { customerId: customer.id, amount: -10, reason: 'Gebyr' } });
    const before = await ledger.call('GET', '/finance/ledger/customer/me', { as: customer });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ totalApplied: -10, totalPending: 30 });
    await taskStatusEvent(ledger, payment, 'completed');
    const after = await ledger.call('GET', '/finance/ledger/customer/me', { as: customer });
    expect(after.body).toMatchObject({ totalApplied: 20, totalPending: 0 });
    expect(after.body.rows.map((r: { reason: string; status: string }) => [r.reason, r.status]).sort()).toEqual([
      ['Gebyr', 'applied'],
      ['Kompensation', 'applied'],
    ]);
    // The VAT model (docs/money.md): an adjustment carries no VAT unless the admin said 'inkl. moms'.
    expect(after.body.rows.find((r: { reason: string }) => r.reason === 'Gebyr')).toMatchObject({ amount: -10, netExVat: -10, vat: 0, vatBase: 'none' });
    const withVat = await ledger.call('POST', '/finance/adjustments', { as: admin, body: { customerId: customer.id, amount: 125, reason: 'Rettet pris', vatIncluded: true } });
    expect(withVat.status, JSON.stringify(withVat.body)).toBe(201);
    const later = await ledger.call('GET', '/finance/ledger/customer/me', { as: customer });
    expect(later.body.rows.find((r: { reason: string }) => r.reason === 'Rettet pris')).toMatchObject({ amount: 125, netExVat: 100, vat: 25, vatBase: 'amount' });
  });
});

describe('refunds and charges from svc-payments', () => {
  it('when a paid task is refunded and a fee is charged, then refund and charge rows; the customer sees them', async () => {
    const { customer, payment } = await carrierWithPaidTask({ completed: false });
    const refund = { refundId: payment.paymentId, paymentId: payment.paymentId, taskId: payment.taskId, customerId: customer.id, amountOre: payment.amountOre, provider: 'mock', providerRefundId: `mock_re_${payment.paymentId}`, succeededAt: new Date().toISOString() };
    const refundEvent = envelopeOf(eventTypes.refundSucceeded, refund);
    await ledger.infra.bus.publish(refundEvent);
    await ledger.infra.bus.publish(envelopeOf(eventTypes.refundSucceeded, refund));
    const charge = { chargeId: payment.paymentId, taskId: payment.taskId, customerId: customer.id, amountOre: 5_000, reason: 'Ekstra etage', provider: 'mock', providerPaymentId: 'mock_pi_x', chargedBy: admin.id, succeededAt: new Date().toISOString() };
    await ledger.infra.bus.publish(envelopeOf(eventTypes.chargeSucceeded, charge));
    await waitFor(() => ledger.db('ledger_charges').where({ charge_id: charge.chargeId }).first());
    await waitFor(() => ledger.db('ledger_refunds').where({ refund_id: refund.refundId }).first());

    const rows = await ledger.call('GET', `/finance/ledger?taskId=${payment.taskId}`, { as: admin });
    expect(rows.body.items.map((r: { type: string }) => r.type).sort()).toEqual(['charge', 'refund', 'transaction']);
    const refundRow = rows.body.items.find((r: { type: string }) => r.type === 'refund');
    // Money going back: the refund's amount and the commission it takes back are negative, in the table and the CSV.
    const commission = (payment.snapshot.quote.platformFeeOre + payment.snapshot.quote.smallFeeOre + payment.snapshot.quote.carrierFeeOre) / 100;
    expect(refundRow).toMatchObject({ label: 'Refundering', amount: -payment.amountOre / 100, gross: -payment.amountOre / 100, customer_id: customer.id, carrier_id: payment.carrierId });
    expect(refundRow.platformCommission).toBe(-commission);
    const csv = String((await download(`/finance/ledger.csv?taskId=${payment.taskId}`, admin)).body).split('\r\n');
    const kr = (value: number) => value.toFixed(2).replace('.', ',');
    const refundLine = csv.find((line) => line.startsWith('Refundering;'))!.split(';');
    expect([refundLine[9], refundLine[10], refundLine[12]]).toEqual([kr(-payment.amountOre / 100), kr(-payment.amountOre / 100), kr(-commission)]);
    expect(csv.find((line) => line.startsWith('Betaling;'))!.split(';')[9]).toBe(kr(payment.amountOre / 100));

    const own = await ledger.call('GET', '/finance/payments/me', { as: customer });
    expect(own.body.items.map((r: { type: string; amount: number }) => [r.type, r.amount]).sort()).toEqual([
      ['charge', 50],
      ['payment', payment.amountOre / 100],
      ['refund', payment.amountOre / 100],
    ]);
    // Each of the customer's rows has the VAT the admin's ledger books for it (a refund positive): gross = net ex VAT + VAT.
    const ore = (value: number) => Math.round(value * 100);
    for (const mine of own.body.items as Array<{ type: string; amount: number; gross: number; netExVat: number; vat: number; vatBase: string }>) {
      const booked = rows.body.items.find((r: { type: string }) => r.type === (mine.type === 'payment' ? 'transaction' : mine.type));
      const sign = mine.type === 'refund' ? -1 : 1;
      expect(ore(mine.gross)).toBe(ore(mine.amount));
      expect(ore(mine.gross)).toBe(ore(mine.netExVat) + ore(mine.vat));
      expect([ore(sign * mine.netExVat), ore(sign * mine.vat), mine.vatBase]).toEqual([ore(booked.netExVat), ore(booked.vat), booked.vatBase]);
    }
    const charged = own.body.items.find((r: { type: string }) => r.type === 'charge');
    // An extra fee includes VAT by default: 50 DKK is 40 DKK ex VAT and 10 DKK VAT at 25 %.
    expect([charged.netExVat, charged.vat, charged.vatBase]).toEqual([40, 10, 'amount']);
  });
});

describe('platform saldo, overview and CSV', () => {
  it('when money has moved, then the saldo is the sum of its parts and the overview counts the month', async () => {
    await carrierWithPaidTask();
    const saldo = await ledger.call('GET', '/admin/platform-saldo', { as: admin });
    expect(saldo.status).toBe(200);
    const { total, platformFromTransactions, customerAdjustments, carrierAdjustments, platformPayouts } = saldo.body;
    expect(Math.round(total * 100)).toBe(Math.round((platformFromTransactions + customerAdjustments + carrierAdjustments - platformPayouts) * 100));

    const overview = await ledger.call('GET', '/admin/financial-overview', { as: admin });
    expect(overview.status).toBe(200);
    const month = new Date().toLocaleString('sv-SE', { timeZone: 'Europe/Copenhagen' }).slice(0, 7);
    expect(overview.body.revenueByMonth.map((m: { month: string }) => m.month)).toContain(month);
    expect(overview.body.totalTransactionsAllTime).toBeGreaterThan(0);
    expect(overview.body.carriersWithPending.length).toBeGreaterThan(0);

    const platform = await ledger.call('POST', '/finance/payouts/platform', { as: admin, body: { amountGross: 1.25 } });
    expect(platform.status).toBe(201);
    expect(platform.body).toMatchObject({ type: 'platform', carrier_id: null, amountNet: 1 });
    const after = await ledger.call('GET', '/admin/platform-saldo', { as: admin });
    expect(Math.round((total - after.body.total) * 100)).toBe(100);
    const tooMuch = await ledger.call('POST', '/finance/payouts/platform', { as: admin, body: { amountGross: 999_999 } });
    expect(tooMuch.status).toBe(422);

    const csv = await download('/admin/platform-saldo.csv', admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('platform_balance.csv');
    expect(String(csv.body).startsWith('\uFEFFPost;Beløb (DKK)\r\n')).toBe(true);
    expect(String(csv.body)).toMatch(/\r\nI alt;-?\d+,\d\d\r\n$/);
  });

  it('when an admin downloads the filtered ledger, then admin_ledger.csv with BOM, ; and decimal commas', async () => {
    const { carrier, payment } = await carrierWithPaidTask({ netOre: 123_456 });
    await ledger.call('POST', '/finance/adjustments', { as: admin, body: { carrierId: carrier.id, amount: -1.5, reason: '=HYPERLINK("x");1' } });
    const csv = await download(`/finance/ledger.csv?carrierId=${carrier.id}`, admin);
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('admin_ledger.csv');
    const lines = String(csv.body).split('\r\n');
    expect(lines[0]!.startsWith('\uFEFFType;Id;Dato;TaskId;Status;Carrier ID;Carrier;Customer ID;Kunde;Beløb;Brutto;Netto')).toBe(true);
    expect(lines).toHaveLength(4);
    const [adjustment, transaction] = [lines[1]!, lines[2]!];
    expect(adjustment).toContain(';-1,50;');
    expect(adjustment).toContain(';Anvendt;');
    expect(adjustment).toContain(`"'=HYPERLINK(""x"");1"`);
    expect(transaction).toContain(`;${payment.taskId};Gennemført;${carrier.id};`);
    expect(transaction).toContain(`;${(payment.amountOre / 100).toFixed(2).replace('.', ',')};`);
    expect(transaction).toContain(';1234,56;');
  });

  it('when identity announced the carrier and customer, then admin_ledger.csv names them beside their ids', async () => {
    const { carrier, customer, payment } = await carrierWithPaidTask({ bank: false });
    await ledger.infra.bus.publish(envelopeOf(eventTypes.userUpdated, { userId: carrier.id, name: 'Lars Hansen', email: 'lars@example.dk', company: 'Hansen Fragt ApS', role: 'carrier' }));
    await ledger.infra.bus.publish(envelopeOf(eventTypes.userRegistered, { userId: customer.id, role: 'customer', name: 'Karen Jensen', email: 'karen@example.dk' }));
    await waitFor(async () => (await ledger.db('user_directory').whereIn('user_id', [carrier.id, customer.id])).length === 2);
    const csv = await download(`/finance/ledger.csv?taskId=${payment.taskId}`, admin);
    const lines = String(csv.body).split('\r\n');
    expect(lines[1]).toContain(`;Gennemført;${carrier.id};Lars Hansen (Hansen Fragt ApS);${customer.id};Karen Jensen;`);
  });

  it('when the status filter holds a NUL or another control character, then the ledger and its CSV are 400 in Danish, not a cut-off 200', async () => {
    for (const status of ['%00', 'paid%00', '%1B%5B31m']) {
      const csv = await download(`/finance/ledger.csv?status=${status}`, admin);
      expect(csv.status, status).toBe(400);
      expect(JSON.parse(csv.body)).toMatchObject({ code: 'invalid_input', message: messages.invalidChoice });
      const rows = await ledger.call('GET', `/finance/ledger?status=${status}`, { as: admin });
      expect(rows.status, status).toBe(400);
      expect(rows.body).toMatchObject({ code: 'invalid_input', message: messages.invalidChoice });
    }
    expect((await download('/finance/ledger.csv?status=succeeded', admin)).status).toBe(200);
  });

  it('when a carrier downloads their finance, then the spec-9 columns', async () => {
    const { carrier, payment } = await carrierWithPaidTask();
    const csv = await download('/finance/me.csv', carrier);
    expect(csv.status).toBe(200);
    const lines = String(csv.body).split('\r\n');
    expect(lines[0]).toBe('\uFEFFDato;TaskId;Status;Brutto;Platform ex;Lille ex;Moms (i alt);Moms (netto);Moms (gebyrer);Udb. brutto;Udb. netto');
    // The customer's side (Brutto, Platform ex, Lille ex, Moms (i alt), Moms (gebyrer)) stays empty for a carrier.
    // Moms (netto) is the VAT on the payout (1125 − 900), not the VAT on the bid price (250).
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d;${payment.taskId};Gennemført;;;;;225,00;;1125,00;900,00$`));
    expect(csv.body).not.toContain('1400,00');
  });
});

describe('who may call', () => {
  const adminOnly: [string, string, object?][] = [
    ['GET', '/finance/ledger'],
    ['GET', '/finance/ledger.csv'],
    ['POST', '/finance/payouts/carrier', { amountGross: 1, carrierId: 1 }],
    ['POST', '/finance/payouts/platform', { amountGross: 1 }],
    ['PUT', '/finance/payouts/1/status', { status: 'paid' }],
    ['POST', '/finance/adjustments', { carrierId: 1, amount: 1, reason: 'x' }],
    ['GET', '/admin/financial-overview'],
    ['GET', '/admin/platform-saldo'],
    ['GET', '/admin/platform-saldo.csv'],
  ];
  it.each(adminOnly)('when a carrier or customer calls %s %s, then 403', async (method, path, body) => {
    for (const caller of [user('carrier'), user('customer')]) {
      const reply = await ledger.call(method as 'GET', path, { as: caller, body });
      expect(reply.status).toBe(403);
      expect(reply.body.message).toBe(messages.forbidden);
    }
  });

  it.each([
    ['GET', '/finance/me', 'carrier'],
    ['GET', '/finance/me.csv', 'carrier'],
    ['POST', '/finance/payout-requests', 'carrier'],
    ['GET', '/finance/ledger/customer/me', 'customer'],
  ] as const)('when someone else than a %s calls %s %s, then 403', async (method, path, role) => {
    const others = (['customer', 'carrier', 'admin'] as const).filter((r) => r !== role);
    for (const other of others) expect((await ledger.call(method, path, { as: user(other) })).status).toBe(403);
    expect((await ledger.call(method, path)).status).toBe(401);
  });

  it('when a payout id is not a number or not there, then 400 / 404', async () => {
    const bad = await ledger.call('PUT', '/finance/payouts/abc/status', { as: admin, body: { status: 'paid' } });
    expect(bad.body).toEqual({ code: 'invalid_payout_id', message: messages.invalidPayoutId });
    const missing = await ledger.call('PUT', '/finance/payouts/99999999/status', { as: admin, body: { status: 'paid' } });
    expect(missing.status).toBe(404);
    const status = await ledger.call('PUT', '/finance/payouts/1/status', { as: admin, body: { status: 'done' } });
    expect(status.body.message).toBe(messages.payoutStatusInvalid);
  });
});

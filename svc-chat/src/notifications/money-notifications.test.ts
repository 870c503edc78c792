/**
 * Notifications of money and account changes (issue 25): each fact's event put on the bus as its producer writes it,
 * and the one row (and live `notification`) svc-chat makes of it for the person it concerns — never twice for one
 * event, whatever the redelivery.
 */
import { eventTypes, moneyMessageTexts, type EventEnvelope, type NotificationKind } from '@fragtbud/contracts';
import { outboxEnvelopes } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drain, newTaskId, notificationsOf, rowsOf, rowsWhen, startChat, statusChange, user, type StartedChat } from '../test-harness';

let chat: StartedChat;

beforeAll(async () => {
  chat = await startChat();
});
afterAll(async () => {
  await chat?.close();
});

/** The live `notification` the user's open pages get for `kind` (written to the outbox in the consumer's transaction). */
async function liveNotificationsOf(userId: number, kind: NotificationKind) {
  const events = await outboxEnvelopes(chat.db, eventTypes.liveEvent);
  return events.filter((event) => {
    const data = event.data as { userIds: number[]; type: string; data: { kind?: string } };
    return data.userIds.includes(userId) && data.type === 'notification' && data.data.kind === kind;
  });
}

/** The event again under the same id (a redelivery), then a marker of the same durable: once it is told, the repeat was handled. */
async function redeliverThenMark(event: EventEnvelope, marker: () => Promise<unknown>, userId: number, count: number) {
  await chat.publishEnvelope(event);
  await marker();
  return rowsWhen(chat, userId, count);
}

describe('refund on cancel', () => {
  it('when a paid task is refunded, then the customer is told the amount and when it reaches them, once and live', async () => {
    const customer = user('customer');
    const taskId = newTaskId();
    const refund = (refundId: number) => ({
      refundId,
      paymentId: refundId,
      taskId,
      customerId: customer.id,
      amountOre: 621_319,
      provider: 'mock',
      providerRefundId: `mock_re_${refundId}`,
      succeededAt: new Date().toISOString(),
    });
    const event = await chat.publish(eventTypes.refundSucceeded, refund(taskId));
    const [row] = await rowsWhen(chat, customer.id, 1);
    expect(row).toMatchObject({ kind: 'refund', task_id: taskId, subject: 'Betaling refunderet', source_event_id: event.id });
    expect(row.message).toBe(moneyMessageTexts.refund(621_319));
    expect(row.message).toBe(
      'Opgaven er annulleret, og 6.213,19 DKK er refunderet til dit kort. Pengene står normalt på din konto inden for 5–10 bankdage.',
    );
    expect(await liveNotificationsOf(customer.id, 'refund')).toHaveLength(1);
    const rows = await redeliverThenMark(event, () => chat.publish(eventTypes.refundSucceeded, refund(taskId + 500_000)), customer.id, 2);
    expect(new Set(rows.map((r) => r.source_event_id)).size).toBe(2);
  });

  it('when a task with a carrier is cancelled, then the carrier is told the job is off (the owner hears the status)', async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    const taskId = newTaskId();
    const event = await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'paid', 'cancelled', { assignedCarrierId: carrier.id }));
    const [row] = await rowsWhen(chat, carrier.id, 1);
    expect(row).toMatchObject({
      kind: 'task_cancelled_carrier',
      type: 'error',
      task_id: taskId,
      message: 'Opgaven er annulleret – du skal ikke udføre den, og der kommer ingen udbetaling for den.',
      subject: 'Opgaven er annulleret',
      source_event_id: event.id,
    });
    expect(await liveNotificationsOf(carrier.id, 'task_cancelled_carrier')).toHaveLength(1);
    await chat.publishEnvelope(event);
    await drain(chat);
    expect(await rowsOf(chat, carrier.id)).toHaveLength(1);
  });
});

describe('extra fee', () => {
  it('when an extra fee is charged, then the customer is told the amount, its VAT and the reason the admin typed, once', async () => {
    const customer = user('customer');
    const taskId = newTaskId();
    const charge = (chargeId: number) => ({
      chargeId,
      taskId,
      customerId: customer.id,
      amountOre: 15_000,
      reason: 'Ekstra ventetid ved afhentning',
      vatIncluded: true,
      provider: 'mock',
      providerPaymentId: `mock_pi_${chargeId}`,
      chargedBy: 1,
      succeededAt: new Date().toISOString(),
    });
    const event = await chat.publish(eventTypes.chargeSucceeded, charge(taskId));
    const [row] = await rowsWhen(chat, customer.id, 1);
    expect(row).toMatchObject({ kind: 'extra_charge', task_id: taskId, subject: 'Ekstra gebyr trukket' });
    expect(row.message).toBe('Vi har trukket et ekstra gebyr på 150,00 DKK (inkl. moms) på dit kort. Begrundelse: Ekstra ventetid ved afhentning');
    expect(row.data).toMatchObject({ amount: 150, reason: 'Ekstra ventetid ved afhentning' });
    const [shown] = await notificationsOf(chat, customer);
    expect(shown).toMatchObject({ kind: 'extra_charge', message: row.message });
    expect(await liveNotificationsOf(customer.id, 'extra_charge')).toHaveLength(1);
    await redeliverThenMark(event, () => chat.publish(eventTypes.chargeSucceeded, charge(taskId + 500_000)), customer.id, 2);
  });
});

describe('payout marked paid', () => {
  const payout = (payoutId: number, carrierId: number, from: string | null, to: string) => ({
    payoutId,
    type: 'carrier',
    carrierId,
    amountGrossOre: 506_250,
    amountNetOre: 405_000,
    from,
    to,
    providerRef: null,
    changedBy: 1,
  });

  it('when an admin marks a payout paid, then its carrier is told the amount, once; a pending payout tells nothing', async () => {
    const carrier = user('carrier');
    const id = newTaskId();
    await chat.publish(eventTypes.payoutStatusChanged, payout(id, carrier.id, null, 'pending'));
    const event = await chat.publish(eventTypes.payoutStatusChanged, payout(id, carrier.id, 'pending', 'paid'));
    const [row] = await rowsWhen(chat, carrier.id, 1);
    expect(row).toMatchObject({ kind: 'payout_paid', type: 'success', task_id: null, title: 'Økonomi', source_event_id: event.id });
    expect(row.message).toBe('Vi har udbetalt 5.062,50 DKK til din konto.');
    expect(await liveNotificationsOf(carrier.id, 'payout_paid')).toHaveLength(1);
    const rows = await redeliverThenMark(event, () => chat.publish(eventTypes.payoutStatusChanged, payout(id + 500_000, carrier.id, null, 'paid')), carrier.id, 2);
    expect(rows.map((r) => r.kind)).toEqual(['payout_paid', 'payout_paid']);
  });
});

describe('adjustment', () => {
  const adjustment = (adjustmentId: number, userId: number, party: 'carrier' | 'customer', amountOre: number, vatIncluded?: boolean) => ({
    adjustmentId,
    party,
    userId,
    taskId: null,
    amountOre,
    reason: 'Kompensation for ventetid',
    ...(vatIncluded === undefined ? {} : { vatIncluded }),
    createdBy: 1,
  });

  it('when an adjustment is booked, then the person it concerns is told the amount, which way, its VAT and the reason, once', async () => {
    const carrier = user('carrier');
    const customer = user('customer');
    const id = newTaskId();
    const event = await chat.publish(eventTypes.adjustmentCreated, adjustment(id, carrier.id, 'carrier', 25_000));
    await chat.publish(eventTypes.adjustmentCreated, adjustment(id + 1, customer.id, 'customer', -3_750, true));
    const [credit] = await rowsWhen(chat, carrier.id, 1);
    expect(credit).toMatchObject({ kind: 'adjustment', subject: 'Justering af dit mellemværende', task_id: null });
    expect(credit.message).toBe('Du er krediteret 250,00 DKK (uden moms). Begrundelse: Kompensation for ventetid');
    const [debit] = await rowsWhen(chat, customer.id, 1);
    expect(debit.message).toBe('Der er registreret 37,50 DKK (inkl. moms), som du skylder Fragtbud. Begrundelse: Kompensation for ventetid');
    expect(await liveNotificationsOf(carrier.id, 'adjustment')).toHaveLength(1);
    await redeliverThenMark(event, () => chat.publish(eventTypes.adjustmentCreated, adjustment(id + 2, carrier.id, 'carrier', 100)), carrier.id, 2);
  });
});

describe('account decisions', () => {
  it('when an admin approves, rejects or blocks a carrier, then the carrier is told each, once and live (the page refreshes its session on it)', async () => {
    const carrier = user('carrier');
    const approved = await chat.publish(eventTypes.userApproved, { userId: carrier.id, approvedBy: 1 });
    await chat.publish(eventTypes.userRejected, { userId: carrier.id, rejectedBy: 1 });
    await chat.publish(eventTypes.userBlocked, { userId: carrier.id, blockedBy: 1 });
    const rows = await rowsWhen(chat, carrier.id, 3);
    expect(rows.map((row) => [row.kind, row.message])).toEqual([
      ['account_approved', 'Din vognmandskonto er godkendt. Du kan nu byde på opgaver.'],
      ['account_rejected', 'Din vognmandskonto er ikke godkendt, så du kan ikke byde på opgaver. Kontakt os, hvis du har spørgsmål.'],
      ['account_blocked', 'Din konto er blokeret af en administrator. Kontakt os, hvis du har spørgsmål.'],
    ]);
    expect(rows[0]).toMatchObject({ title: 'Din konto', type: 'success', subject: 'Din vognmandskonto er godkendt' });
    const [live] = await liveNotificationsOf(carrier.id, 'account_approved');
    expect((live!.data as { data: { kind: string; message: string } }).data).toMatchObject({ kind: 'account_approved', message: rows[0]!.message });

    const other = user('carrier');
    await chat.publishEnvelope(approved);
    await chat.publish(eventTypes.userApproved, { userId: other.id, approvedBy: 1 });
    await rowsWhen(chat, other.id, 1);
    expect(await rowsOf(chat, carrier.id)).toHaveLength(3);
  });
});

describe('account decisions reach the admins’ open pages', () => {
  it('when a carrier is approved, rejected or blocked, then every admin gets account.status live (their users and carriers lists refetch), once per decision', async () => {
    const [firstAdmin, secondAdmin] = [user('admin'), user('admin')];
    for (const admin of [firstAdmin, secondAdmin]) {
      await chat.db('user_directory').insert({ user_id: admin.id, role: 'admin', name: `Admin ${admin.id}`, company: null, email: `${admin.id}@example.dk` });
    }
    const carrier = user('carrier');
    const approved = await chat.publish(eventTypes.userApproved, { userId: carrier.id, approvedBy: firstAdmin.id });
    await chat.publish(eventTypes.userBlocked, { userId: carrier.id, blockedBy: firstAdmin.id });
    await rowsWhen(chat, carrier.id, 2);
    const accountStatusFor = async (userId: number) =>
      (await outboxEnvelopes(chat.db, eventTypes.liveEvent))
        .map((event) => event.data as { userIds: number[]; type: string; data: { userId: number; status: string } })
        .filter((event) => event.type === 'account.status' && event.data.userId === carrier.id && event.userIds.includes(userId))
        .map((event) => event.data.status);
    expect(await accountStatusFor(firstAdmin.id)).toEqual(['approved', 'blocked']);
    expect(await accountStatusFor(secondAdmin.id)).toEqual(['approved', 'blocked']);
    expect(await accountStatusFor(carrier.id)).toEqual([]);
    // Redelivered: handled once (the inbox), so no second live event.
    await chat.publishEnvelope(approved);
    await chat.publish(eventTypes.userRejected, { userId: carrier.id, rejectedBy: firstAdmin.id });
    await rowsWhen(chat, carrier.id, 3);
    expect(await accountStatusFor(firstAdmin.id)).toEqual(['approved', 'blocked', 'rejected']);
  });
});

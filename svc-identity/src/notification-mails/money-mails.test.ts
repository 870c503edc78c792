/**
 * The mails of money and job changes (issue 25): each fact's event as its producer writes it, one mail to the person
 * it concerns, with the amount (and reason) in Danish — never two for one event. A redelivery is followed by a
 * marker event of the same consumer: once the marker's mail is there, the repeat has been handled.
 */
import { randomUUID } from 'node:crypto';
import { eventTypes } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, mailsTo, registerUser, seedAdmin, startIdentity, waitForMail, type StartedIdentity } from '../test-harness';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity({ SEED_ADMIN_EMAIL: seedAdmin.email, SEED_ADMIN_PASSWORD: seedAdmin.password });
});
afterAll(async () => {
  await identity?.close();
});

const envelope = (type: string, data: unknown) => ({ id: randomUUID(), type, occurredAt: new Date().toISOString(), correlationId: randomUUID(), data });
const subjectsTo = async (email: string, pattern: RegExp) => (await mailsTo(identity, email)).filter((mail) => pattern.test(mail.subject));

describe('refund on cancel', () => {
  it('when a paid task is refunded, then the customer is mailed the amount and when it arrives, once', async () => {
    const customer = await registerUser(identity);
    const refund = (taskId: number) =>
      envelope(eventTypes.refundSucceeded, {
        refundId: taskId,
        paymentId: taskId,
        taskId,
        customerId: customer.user.id,
        amountOre: 621_319,
        provider: 'mock',
        providerRefundId: `mock_re_${taskId}`,
        succeededAt: new Date().toISOString(),
      });
    const event = refund(71);
    await identity.infra.bus.publish(event);
    const mail = await waitForMail(identity, customer.user.email, /Betaling refunderet – opgave #71/);
    expect(mail.text).toContain('Opgave #71: Opgaven er annulleret, og 6.213,19 DKK er refunderet til dit kort.');
    expect(mail.text).toContain('Pengene står normalt på din konto inden for 5–10 bankdage.');
    expect(mail.text).toContain('http://localhost:8080/profile?tab=payments');
    await identity.infra.bus.publish(event);
    await identity.infra.bus.publish(refund(72));
    await waitForMail(identity, customer.user.email, /opgave #72/);
    expect(await subjectsTo(customer.user.email, /Betaling refunderet – opgave #71/)).toHaveLength(1);
  });

  it('when a task with a carrier is cancelled, then the carrier is mailed that the job is off, once', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const cancelled = (taskId: number, fromCity = 'Aarhus C') =>
      envelope(eventTypes.taskStatusChanged, {
        taskId,
        userId: 1,
        type: 'moving',
        from: 'paid',
        to: 'cancelled',
        assignedCarrierId: carrier.user.id,
        changedBy: 1,
        fromCity,
        toCity: 'København K',
      });
    const event = cancelled(73);
    await identity.infra.bus.publish(event);
    const mail = await waitForMail(identity, carrier.user.email, /Opgaven er annulleret/);
    expect(mail.subject).toBe('Opgaven er annulleret – du skal ikke udføre den, og der kommer ingen udbetaling for den. – Flytning · Aarhus C → København K');
    expect(mail.text).toContain('http://localhost:8080/task/73');
    await identity.infra.bus.publish(event);
    await identity.infra.bus.publish(cancelled(74, 'Odense C'));
    await waitForMail(identity, carrier.user.email, /annulleret.*Odense C/);
    expect(await subjectsTo(carrier.user.email, /annulleret.*Aarhus C/)).toHaveLength(1);
  });
});

describe('extra fee', () => {
  it('when an extra fee is charged, then the customer is mailed the amount, its VAT and the reason, once', async () => {
    const customer = await registerUser(identity);
    const charge = (chargeId: number) =>
      envelope(eventTypes.chargeSucceeded, {
        chargeId,
        taskId: chargeId,
        customerId: customer.user.id,
        amountOre: 15_000,
        reason: 'Ekstra ventetid ved afhentning',
        vatIncluded: true,
        provider: 'mock',
        providerPaymentId: `mock_pi_${chargeId}`,
        chargedBy: 1,
        succeededAt: new Date().toISOString(),
      });
    const event = charge(81);
    await identity.infra.bus.publish(event);
    const mail = await waitForMail(identity, customer.user.email, /Ekstra gebyr trukket – opgave #81/);
    expect(mail.text).toContain('Vi har trukket et ekstra gebyr på 150,00 DKK (inkl. moms) på dit kort. Begrundelse: Ekstra ventetid ved afhentning');
    await identity.infra.bus.publish(event);
    await identity.infra.bus.publish(charge(82));
    await waitForMail(identity, customer.user.email, /opgave #82/);
    expect(await subjectsTo(customer.user.email, /opgave #81/)).toHaveLength(1);
  });
});

describe('adjustment', () => {
  it('when an adjustment is booked, then the person it concerns is mailed the amount, which way and the reason, once', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const adjustment = (adjustmentId: number, amountOre: number) =>
      envelope(eventTypes.adjustmentCreated, {
        adjustmentId,
        party: 'carrier',
        userId: carrier.user.id,
        taskId: null,
        amountOre,
        reason: `Kompensation ${adjustmentId}`,
        createdBy: 1,
      });
    const event = adjustment(91, 25_000);
    await identity.infra.bus.publish(event);
    const mail = await waitForMail(identity, carrier.user.email, /Justering af dit mellemværende/);
    expect(mail.text).toContain('Du er krediteret 250,00 DKK (uden moms). Begrundelse: Kompensation 91');
    expect(mail.text).toContain('http://localhost:8080/profile?tab=financial');
    await identity.infra.bus.publish(event);
    await identity.infra.bus.publish(adjustment(92, -1_000));
    await expect.poll(async () => (await mailsTo(identity, carrier.user.email)).some((m) => m.text.includes('Kompensation 92'))).toBe(true);
    const texts = (await subjectsTo(carrier.user.email, /Justering/)).map((m) => m.text);
    expect(texts.filter((text) => text.includes('Kompensation 91'))).toHaveLength(1);
    expect(texts.find((text) => text.includes('Kompensation 92'))).toContain('Der er registreret 10,00 DKK (uden moms), som du skylder Fragtbud.');
  });
});

describe('account decisions', () => {
  it('when an admin blocks a user, then they are mailed why they are signed out; a second block mails nothing more', async () => {
    const adminToken = await login(identity, seedAdmin.email, seedAdmin.password);
    const carrier = await registerUser(identity, { role: 'carrier' });
    expect((await identity.call('PUT', `/admin/users/${carrier.user.id}/block`, { session: adminToken })).status).toBe(200);
    const mail = await waitForMail(identity, carrier.user.email, /Din konto er blokeret/);
    expect(mail.text).toContain('Din konto er blokeret af en administrator. Kontakt os, hvis du har spørgsmål.');
    expect((await identity.call('PUT', `/admin/users/${carrier.user.id}/block`, { session: adminToken })).status).toBe(200);
    expect(await subjectsTo(carrier.user.email, /blokeret/)).toHaveLength(1);
  });
});

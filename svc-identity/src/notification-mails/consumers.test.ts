import { randomUUID } from 'node:crypto';
import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, registerUser, startIdentity, waitForMail, type StartedIdentity } from '../test-harness';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

const envelope = (type: string, data: unknown) => ({
  id: randomUUID(),
  type,
  occurredAt: new Date().toISOString(),
  correlationId: randomUUID(),
  data,
});

/** svc-bids announcing a bid on the customer's task (as an older svc-bids wrote it unless `extra` names the task). */
const bidPlaced = (customerId: number, taskId: number, extra: object = {}) =>
  envelope(eventTypes.bidPlaced, {
    bidId: taskId,
    taskId,
    carrierId: 2,
    customerId,
    netOre: 100_000,
    totalOre: 130_000,
    validUntil: new Date().toISOString(),
    carrierListId: null,
    maxBids: 5,
    activeBidCount: 1,
    ...extra,
  });

describe('mails about a customer’s task', () => {
  it('when a bid is placed on a task, then its owner gets one mail, even when the event comes twice', async () => {
    const customer = await registerUser(identity);
    const event = bidPlaced(customer.user.id, 42);
    await identity.infra.bus.publish(event);
    // An event without the task's facts (written before they were added) names the task by its number.
    const mail = await waitForMail(identity, customer.user.email, /Nyt bud på din opgave/);
    expect(mail.subject).toBe('Nyt bud på din opgave #42');
    expect(mail.text).toContain('Der er kommet et nyt bud på din opgave #42.');
    expect(mail.text).toContain('http://localhost:8080/task/42?tab=bids');
    await identity.infra.bus.publish({ ...event, correlationId: randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await mailsTo(identity, customer.user.email)).filter((item) => item.subject.includes('Nyt bud'))).toHaveLength(1);
  });

  it('when the bid event names the task by type and cities, then the mail names it by type and route', async () => {
    const customer = await registerUser(identity);
    await identity.infra.bus.publish(bidPlaced(customer.user.id, 43, { type: 'furniture', fromCity: 'Aarhus C', toCity: 'København K' }));
    const mail = await waitForMail(identity, customer.user.email, /Nyt bud på din opgave/);
    expect(mail.subject).toBe('Nyt bud på din opgave – Møbeltransport · Aarhus C → København K');
    expect(mail.text).toContain('Der er kommet et nyt bud på din opgave: Møbeltransport · Aarhus C → København K.');

    // Without the cities (svc-bids fetched the task): by type and number.
    await identity.infra.bus.publish(bidPlaced(customer.user.id, 43, { bidId: 44, type: 'furniture' }));
    const withoutCities = await waitForMail(identity, customer.user.email, /#43/);
    expect(withoutCities.subject).toBe('Nyt bud på din opgave – Møbeltransport #43');
  });

  it('when a task becomes paid, picked up and delivered, then the owner is mailed each time; other statuses are not mailed', async () => {
    const customer = await registerUser(identity);
    for (const [from, to] of [
      ['assigned', 'paid'],
      ['paid', 'picked_up'],
      ['picked_up', 'in_transit'],
      ['in_transit', 'delivered'],
    ] as const) {
      await identity.infra.bus.publish(
        envelope(eventTypes.taskStatusChanged, {
          taskId: 77,
          userId: customer.user.id,
          type: 'moving',
          from,
          to,
          assignedCarrierId: null,
          changedBy: null,
        }),
      );
    }
    await waitForMail(identity, customer.user.email, /Varerne er leveret/);
    const subjects = (await mailsTo(identity, customer.user.email)).map((item) => item.subject);
    // An event without the cities (written before they were added) names the task by type and number.
    expect(subjects.filter((subject) => subject.includes('#77')).sort()).toEqual([
      'Betaling bekræftet – Flytning #77',
      'Varerne er afhentet – Flytning #77',
      'Varerne er leveret – Flytning #77',
    ]);
  });

  it('when the status event carries the cities, then the mail names the task by type and route', async () => {
    const customer = await registerUser(identity);
    await identity.infra.bus.publish(
      envelope(eventTypes.taskStatusChanged, {
        taskId: 78,
        userId: customer.user.id,
        type: 'furniture',
        from: 'assigned',
        to: 'paid',
        assignedCarrierId: null,
        changedBy: null,
        fromCity: 'Aarhus C',
        toCity: 'København K',
      }),
    );
    const mail = await waitForMail(identity, customer.user.email, /Betaling bekræftet/);
    expect(mail.subject).toBe('Betaling bekræftet – Møbeltransport · Aarhus C → København K');
    expect(mail.text).toContain('Møbeltransport · Aarhus C → København K: Betaling bekræftet - opgaven er klar til afhentning.');
  });

  it('when a carrier payout is marked paid, then the carrier is mailed the amount once; a pending payout mails nobody', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const payout = (from: string | null, to: string) =>
      envelope(eventTypes.payoutStatusChanged, {
        payoutId: 9,
        type: 'carrier',
        carrierId: carrier.user.id,
        amountGrossOre: 123_450,
        amountNetOre: 98_760,
        from,
        to,
        providerRef: null,
        changedBy: null,
      });
    await identity.infra.bus.publish(payout(null, 'pending'));
    const paid = payout('pending', 'paid');
    await identity.infra.bus.publish(paid);
    const mail = await waitForMail(identity, carrier.user.email, /Din udbetaling er gennemført/);
    expect(mail.text).toContain('1.234,50 DKK');
    await identity.infra.bus.publish({ ...paid, correlationId: randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const payoutMails = (await mailsTo(identity, carrier.user.email)).filter((item) => item.subject.includes('udbetaling'));
    expect(payoutMails).toHaveLength(1);
  });
});

/** bids.bid.accepted as svc-bids writes it: the customer (id 1) chose the carrier's bid. */
const bidAccepted = (
  data: Pick<EventPayload<typeof eventTypes.bidAccepted>, 'bidId' | 'taskId' | 'carrierId'> & Partial<EventPayload<typeof eventTypes.bidAccepted>>,
) => envelope(eventTypes.bidAccepted, { customerId: 1, netOre: 100_000, totalOre: 130_000, acceptedBy: 1, rejectedBidIds: [], ...data });

describe('mails to the carrier whose bid was chosen', () => {
  it("when the customer accepts the carrier's bid, then the carrier is mailed 'Dit bud er valgt' once", async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const event = bidAccepted({ bidId: 91, taskId: 90, carrierId: carrier.user.id });
    await identity.infra.bus.publish(event);
    const mail = await waitForMail(identity, carrier.user.email, /Dit bud er valgt/);
    expect(mail.subject).toBe('Dit bud er valgt – opgave #90');
    expect(mail.text).toContain('Opgave #90: Dit bud er valgt.');
    expect(mail.text).toContain('http://localhost:8080/task/90');
    await identity.infra.bus.publish({ ...event, correlationId: randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await mailsTo(identity, carrier.user.email)).filter((item) => item.subject.startsWith('Dit bud er valgt'))).toHaveLength(1);
  });

  it("when the accepted bid's event names the task, then the carrier's mail names it by type and route, not by number", async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    await identity.infra.bus.publish(
      bidAccepted({ bidId: 95, taskId: 94, carrierId: carrier.user.id, type: 'courier', fromCity: 'Aalborg', toCity: 'Viborg' }),
    );
    const mail = await waitForMail(identity, carrier.user.email, /Dit bud er valgt/);
    expect(mail.subject).toBe('Dit bud er valgt – Kurertransport · Aalborg → Viborg');
    expect(mail.text).toContain('Kurertransport · Aalborg → Viborg: Dit bud er valgt.');
    expect(mail.text).not.toContain('#94');
  });

  it('when the task is paid, then its assigned carrier is mailed that it is ready for pickup, and the owner as before', async () => {
    const customer = await registerUser(identity);
    const carrier = await registerUser(identity, { role: 'carrier' });
    const event = envelope(eventTypes.taskStatusChanged, {
      taskId: 92,
      userId: customer.user.id,
      type: 'moving',
      from: 'assigned',
      to: 'paid',
      assignedCarrierId: carrier.user.id,
      changedBy: null,
      fromCity: 'Aarhus C',
      toCity: 'Vejle',
    });
    await identity.infra.bus.publish(event);
    const mail = await waitForMail(identity, carrier.user.email, /Opgaven er betalt/);
    expect(mail.subject).toBe('Opgaven er betalt – klar til afhentning – Flytning · Aarhus C → Vejle');
    expect(mail.text).toContain('Flytning · Aarhus C → Vejle: Opgaven er betalt – klar til afhentning.');
    await waitForMail(identity, customer.user.email, /Betaling bekræftet/);
    await identity.infra.bus.publish({ ...event, correlationId: randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await mailsTo(identity, carrier.user.email)).filter((item) => item.subject.startsWith('Opgaven er betalt'))).toHaveLength(1);
  });
});

describe('mails to admins', () => {
  it('when a carrier asks to delete a task (the event twice), then every admin who is not blocked is mailed once with the task, who asks and why', async () => {
    const [admin, blockedAdmin, carrier] = [await registerUser(identity), await registerUser(identity), await registerUser(identity, { role: 'carrier', company: 'Viggos Transport ApS' })];
    await identity.db('users').whereIn('id', [admin.user.id, blockedAdmin.user.id]).update({ role: 'admin' });
    await identity.db('users').where({ id: blockedAdmin.user.id }).update({ is_blocked: true });
    const event = envelope(eventTypes.deletionRequestCreated, {
      taskId: 91,
      userId: null,
      requestId: 5,
      requestedBy: carrier.user.id,
      role: 'carrier',
      type: 'moving',
      fromCity: 'Aarhus C',
      toCity: 'Vejle',
      reason: 'Bilen er gået i stykker',
    });
    await identity.infra.bus.publish(event);
    const mail = await waitForMail(identity, admin.user.email, /Ny anmodning om sletning/);
    expect(mail.subject).toBe('Ny anmodning om sletning – Flytning · Aarhus C → Vejle');
    expect(mail.text).toContain(
      `Flytning · Aarhus C → Vejle: ${carrier.user.name} (Viggos Transport ApS) (vognmand) anmoder om at få opgaven slettet. Begrundelse: Bilen er gået i stykker`,
    );
    expect(mail.text).toContain('http://localhost:8080/AdminDashboard?tab=deletionRequests');
    await identity.infra.bus.publish({ ...event, correlationId: randomUUID() });
    // A later request's mail arriving means the repeat was handled (one durable, in order).
    await identity.infra.bus.publish(envelope(eventTypes.deletionRequestCreated, { taskId: 92, userId: null, requestId: 6, requestedBy: carrier.user.id, role: 'carrier' }));
    await waitForMail(identity, admin.user.email, /Opgave #92/);
    expect((await mailsTo(identity, admin.user.email)).filter((item) => item.subject.includes('Aarhus C → Vejle'))).toHaveLength(1);
    expect((await mailsTo(identity, blockedAdmin.user.email)).filter((item) => item.subject.includes('sletning'))).toEqual([]);
  });
});

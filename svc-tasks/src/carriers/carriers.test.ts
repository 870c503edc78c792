/**
 * Public carrier profiles (issue 13): GET /carriers/{id} and GET /carriers?ids= from svc-tasks' own ratings and tasks
 * and identity's events (names; CVR, its verification, insurance expiry).
 */
import { randomUUID } from 'node:crypto';
import { eventTypes, messages, vehicleSummary, type AuthUser } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const customer = user('customer', { name: 'Karen Sørensen' });

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function registeredCarrier(
  profile: { name: string; company?: string; cvrNumber?: string | null; cvrVerified?: boolean; insuredUntil?: string | null },
): Promise<AuthUser> {
  const carrier = user('carrier', { name: profile.name });
  await tasks.publish(eventTypes.userRegistered, {
    userId: carrier.id,
    role: 'carrier',
    name: profile.name,
    email: `vognmand-${carrier.id}@example.dk`,
    company: profile.company ?? null,
  });
  await tasks.publish(eventTypes.carrierProfileUpdated, {
    userId: carrier.id,
    cvrNumber: profile.cvrNumber ?? null,
    cvrVerified: profile.cvrVerified ?? false,
    insuredUntil: profile.insuredUntil ?? null,
    memberSince: '2024-03-01T10:00:00.000Z',
  });
  await waitFor(async () => Boolean(await tasks.db('carrier_profiles').where({ user_id: carrier.id }).first()));
  await waitFor(async () => Boolean(await tasks.db('user_directory').where({ user_id: carrier.id }).first()));
  return carrier;
}

/** A task the carrier completed, rated by its customer when a score is given. */
async function completedTask(carrier: AuthUser, rating?: { score: number; comment?: string }): Promise<void> {
  const created = await tasks.call('POST', '/tasks', { as: customer, body: taskBody('furniture') });
  expect(created.status).toBe(201);
  await tasks.db('tasks').where({ id: created.body.id }).update({ status: 'completed', assigned_carrier_id: carrier.id });
  if (rating) {
    const rated = await tasks.call('POST', '/ratings', { as: customer, body: { taskId: created.body.id, rating: rating.score, comment: rating.comment } });
    expect(rated.status).toBe(201);
  }
}

describe('GET /carriers/{id}', () => {
  it('when an insured, verified carrier has rated work, then anyone sees company, CVR, member since, rating, completed tasks, reviews and both badges', async () => {
    const carrier = await registeredCarrier({ name: 'Lars Hansen', company: 'Hansen Fragt ApS', cvrNumber: '12345674', cvrVerified: true, insuredUntil: isoDay(30) });
    await completedTask(carrier, { score: 5, comment: 'Hurtig og venlig' });
    await completedTask(carrier, { score: 4 });
    await completedTask(carrier);

    const reply = await tasks.call('GET', `/carriers/${carrier.id}`, { as: null });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: carrier.id,
      name: 'Lars Hansen',
      company: 'Hansen Fragt ApS',
      cvr_number: '12345674',
      member_since: '2024-03-01T10:00:00.000Z',
      rating: { avg: 4.5, count: 2 },
      completed_tasks: 3,
      badges: { insured: true, cvr_verified: true },
    });
    expect(reply.body.reviews).toHaveLength(2);
    expect(reply.body.reviews[1]).toMatchObject({ rating: 5, comment: 'Hurtig og venlig', customer_name: 'Karen', task_type: 'furniture' });
  });

  it('when the insurance has expired and the register did not confirm the CVR, then neither badge shows', async () => {
    const carrier = await registeredCarrier({ name: 'Ole Olsen', cvrNumber: '12345674', cvrVerified: false, insuredUntil: isoDay(-1) });
    const reply = await tasks.call('GET', `/carriers/${carrier.id}`, { as: user('customer') });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ rating: { avg: 0, count: 0 }, completed_tasks: 0, reviews: [], badges: { insured: false, cvr_verified: false } });
  });

  it('when identity later reports new insurance, then the badge follows; an older event redelivered does not take it back', async () => {
    const carrier = await registeredCarrier({ name: 'Per Nielsen', insuredUntil: null });
    expect((await tasks.call('GET', `/carriers/${carrier.id}`, { as: null })).body.badges.insured).toBe(false);
    await tasks.publish(eventTypes.carrierProfileUpdated, { userId: carrier.id, cvrNumber: null, cvrVerified: false, insuredUntil: isoDay(365), memberSince: '2024-03-01T10:00:00.000Z' });
    await waitFor(async () => (await tasks.call('GET', `/carriers/${carrier.id}`, { as: null })).body.badges.insured === true);
    const stale = {
      id: randomUUID(),
      type: eventTypes.carrierProfileUpdated,
      occurredAt: '2020-01-01T00:00:00.000Z',
      correlationId: randomUUID(),
      data: { userId: carrier.id, cvrNumber: null, cvrVerified: false, insuredUntil: null, memberSince: '2024-03-01T10:00:00.000Z' },
    };
    await tasks.infra.bus.publish(stale);
    await waitFor(async () => Boolean(await tasks.db('inbox').where({ event_id: stale.id }).first()));
    expect((await tasks.call('GET', `/carriers/${carrier.id}`, { as: null })).body.badges.insured).toBe(true);
  });

  it('when the profile is read, then no e-mail, phone or address of the carrier is in it', async () => {
    const carrier = await registeredCarrier({ name: 'Mette Holm', company: 'Holm Transport', cvrNumber: '12345674', cvrVerified: true, insuredUntil: isoDay(10) });
    await completedTask(carrier, { score: 3, comment: 'Det gik fint nok' });
    const reply = await tasks.call('GET', `/carriers/${carrier.id}`, { as: null });
    const text = JSON.stringify(reply.body);
    expect(text).not.toContain('@');
    expect(text).not.toContain(`vognmand-${carrier.id}`);
    expect(Object.keys(reply.body).sort()).toEqual(['badges', 'company', 'completed_tasks', 'coverageRegions', 'cvr_number', 'id', 'member_since', 'name', 'rating', 'reviews', 'vehicles']);
    expect(Object.keys(reply.body.reviews[0]).sort()).toEqual(['comment', 'customer_name', 'date', 'id', 'rating', 'task_type']);
  });

  it('when identity says the carrier is not listed (awaiting approval, rejected, blocked), then 404 for everyone but an admin; listed again, shown', async () => {
    const carrier = await registeredCarrier({ name: 'Afventende Vognmand' });
    const profile = (listed?: boolean) => ({ userId: carrier.id, cvrNumber: null, cvrVerified: false, insuredUntil: null, memberSince: '2024-03-01T10:00:00.000Z', listed });
    await tasks.publish(eventTypes.carrierProfileUpdated, profile(false));
    await waitFor(async () => (await tasks.db('carrier_profiles').where({ user_id: carrier.id }).first())?.listed === false);
    for (const caller of [null, customer, user('carrier')]) {
      expect(await tasks.call('GET', `/carriers/${carrier.id}`, { as: caller })).toMatchObject({ status: 404, body: { message: messages.carrierNotFound } });
    }
    expect((await tasks.call('GET', `/carriers/${carrier.id}`, { as: user('admin') })).body).toMatchObject({ id: carrier.id, name: 'Afventende Vognmand' });
    // An event without the field (written before it existed) leaves what is known.
    await tasks.publish(eventTypes.carrierProfileUpdated, profile(undefined));
    await tasks.publish(eventTypes.carrierProfileUpdated, profile(true));
    await waitFor(async () => (await tasks.call('GET', `/carriers/${carrier.id}`, { as: null })).status === 200);
  });

  it('when the id is unknown, a customer or a deleted carrier, then 404 in Danish; a malformed id is 400', async () => {
    expect(await tasks.call('GET', '/carriers/987654', { as: null })).toMatchObject({ status: 404, body: { message: messages.carrierNotFound } });
    const someone = user('customer');
    await tasks.publish(eventTypes.userRegistered, { userId: someone.id, role: 'customer', name: 'Kunde Kurt', email: 'kurt@example.dk' });
    await waitFor(async () => Boolean(await tasks.db('user_directory').where({ user_id: someone.id }).first()));
    expect((await tasks.call('GET', `/carriers/${someone.id}`, { as: null })).status).toBe(404);

    const gone = await registeredCarrier({ name: 'Gammel Vognmand' });
    await tasks.publish(eventTypes.userDeleted, { userId: gone.id, deletedBy: 1 });
    await waitFor(async () => (await tasks.call('GET', `/carriers/${gone.id}`, { as: null })).status === 404);

    for (const bad of ['abc', '0', '-1', '99999999999', '1.5']) {
      const reply = await tasks.call('GET', `/carriers/${bad}`, { as: null });
      expect(reply.status, bad).toBe(400);
      expect(reply.body.message).toBe(messages.invalidCarrierId);
    }
  });
});

describe('GET /carriers?ids=', () => {
  it('when a bid table asks for its carriers, then each known carrier comes once in the order asked, unknown ids left out', async () => {
    const a = await registeredCarrier({ name: 'Anders And', insuredUntil: isoDay(5) });
    const b = await registeredCarrier({ name: 'Bente Bil', cvrNumber: '12345674', cvrVerified: true });
    await completedTask(b, { score: 2 });
    const reply = await tasks.call('GET', `/carriers?ids=${b.id},987655,${a.id},${b.id}`, { as: null });
    expect(reply.status).toBe(200);
    expect(reply.body.items).toEqual([
      { id: b.id, name: 'Bente Bil', company: null, rating: { avg: 2, count: 1 }, completed_tasks: 1, badges: { insured: false, cvr_verified: true }, vehicles: [] },
      { id: a.id, name: 'Anders And', company: null, rating: { avg: 0, count: 0 }, completed_tasks: 0, badges: { insured: true, cvr_verified: false }, vehicles: [] },
    ]);
  });

  it('when ids are missing, malformed or too many, then 400 in Danish', async () => {
    for (const query of ['', '?ids=', '?ids=a,b', '?ids=1,,2', '?ids=0', `?ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`]) {
      const reply = await tasks.call('GET', `/carriers${query}`, { as: null });
      expect(reply.status, query).toBe(400);
      expect([messages.invalidCarrierId, messages.tooManyCarrierIds]).toContain(reply.body.message);
    }
  });
});

describe('a deleted account on carrier pages', () => {
  it("when a customer who rated a carrier deletes their account, then the review stays on the carrier page without their name", async () => {
    const carrier = await registeredCarrier({ name: 'Per Vogn', company: 'Vogn ApS' });
    const leaving = user('customer', { name: 'Birgitte Nielsen' });
    const created = await tasks.call('POST', '/tasks', { as: leaving, body: taskBody('furniture') });
    await tasks.db('tasks').where({ id: created.body.id }).update({ status: 'completed', assigned_carrier_id: carrier.id });
    expect((await tasks.call('POST', '/ratings', { as: leaving, body: { taskId: created.body.id, rating: 5, comment: 'Fint' } })).status).toBe(201);
    expect((await tasks.call('GET', `/carriers/${carrier.id}`, { as: null })).body.reviews[0]).toMatchObject({ customer_name: 'Birgitte' });

    await tasks.publish(eventTypes.userDeleted, { userId: leaving.id, deletedBy: leaving.id });
    await waitFor(async () => (await tasks.db('ratings').where({ rater_id: leaving.id }).first())?.rater_first_name === null);

    const page = await tasks.call('GET', `/carriers/${carrier.id}`, { as: null });
    expect(page.body.reviews).toEqual([expect.objectContaining({ rating: 5, comment: 'Fint', customer_name: null })]);
    expect(JSON.stringify(page.body)).not.toContain('Birgitte');
  });
});

describe('PUT /carrier/profile (issue 29)', () => {
  const van = { type: 'van', capacityM3: 12, maxKg: 1200, tailLift: true };

  it('when a carrier saves vehicles and coverage, then the public page and the bid table show them; a first save offers an alert for the regions', async () => {
    const carrier = await registeredCarrier({ name: 'Vogn Vagn' });
    const saved = await tasks.call('PUT', '/carrier/profile', { as: carrier, body: { vehicles: [van, { type: 'truck', capacityM3: '40,5', maxKg: 9000, tailLift: false }], coverageRegions: ['syddanmark', 'hovedstaden'] } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      vehicles: [van, { type: 'truck', capacityM3: 40.5, maxKg: 9000, tailLift: false }],
      coverageRegions: ['hovedstaden', 'syddanmark'],
      suggestedAlert: { name: 'Nye opgaver i Hovedstaden, Syddanmark', fromRegions: ['hovedstaden', 'syddanmark'] },
    });
    const page = await tasks.call('GET', `/carriers/${carrier.id}`, { as: null });
    expect(page.body).toMatchObject({ vehicles: saved.body.vehicles, coverageRegions: ['hovedstaden', 'syddanmark'], badges: { cvr_verified: false } });
    const table = await tasks.call('GET', `/carriers?ids=${carrier.id}`, { as: customer });
    expect(table.body.items[0].vehicles.map((vehicle: Parameters<typeof vehicleSummary>[0]) => vehicleSummary(vehicle))).toEqual(['Kassevogn 12 m³ · lift', 'Lastbil 40,5 m³']);
    expect((await tasks.call('GET', '/carrier/profile', { as: carrier })).body).toMatchObject({ vehicles: saved.body.vehicles, coverageRegions: ['hovedstaden', 'syddanmark'] });

    // With an alert of their own, no offer; identity's later events leave vehicles and regions alone.
    expect((await tasks.call('POST', '/alerts', { as: carrier, body: { name: 'Fyn', email: 'off' } })).status).toBe(201);
    expect((await tasks.call('PUT', '/carrier/profile', { as: carrier, body: { vehicles: [van], coverageRegions: ['syddanmark'] } })).body.suggestedAlert).toBeNull();
    await tasks.publish(eventTypes.carrierProfileUpdated, { userId: carrier.id, cvrNumber: '12345674', cvrVerified: true, insuredUntil: null, memberSince: '2024-03-01T10:00:00.000Z' });
    await waitFor(async () => (await tasks.call('GET', `/carriers/${carrier.id}`, { as: null })).body.badges.cvr_verified === true);
    expect((await tasks.call('GET', `/carriers/${carrier.id}`, { as: null })).body).toMatchObject({ vehicles: [van], coverageRegions: ['syddanmark'] });
  });

  it('when a carrier with no identity event yet saves, then a later identity event still applies', async () => {
    const carrier = user('carrier');
    expect((await tasks.call('PUT', '/carrier/profile', { as: carrier, body: { vehicles: [], coverageRegions: [] } })).status).toBe(200);
    await tasks.publish(eventTypes.carrierProfileUpdated, { userId: carrier.id, cvrNumber: '12345674', cvrVerified: true, insuredUntil: null, memberSince: '2024-03-01T10:00:00.000Z' });
    await waitFor(async () => (await tasks.db('carrier_profiles').where({ user_id: carrier.id }).first())?.cvr_verified === true);
  });

  it('when the input is bad or the caller is not a carrier, then 400 / 403 / 401 in Danish and nothing changes', async () => {
    const carrier = user('carrier');
    const bad: Array<[unknown, string]> = [
      [{ vehicles: [{ ...van, type: 'boat' }], coverageRegions: [] }, messages.vehiclesInvalid],
      [{ vehicles: [{ ...van, capacityM3: 0 }], coverageRegions: [] }, messages.vehiclesInvalid],
      [{ vehicles: [{ ...van, maxKg: 12.5 }], coverageRegions: [] }, messages.vehiclesInvalid],
      [{ vehicles: [{ ...van, tailLift: 'ja' }], coverageRegions: [] }, messages.vehiclesInvalid],
      [{ vehicles: Array.from({ length: 11 }, () => van), coverageRegions: [] }, messages.vehiclesMax],
      [{ vehicles: [], coverageRegions: ['fyn'] }, messages.coverageRegionsInvalid],
    ];
    for (const [body, message] of bad) {
      const reply = await tasks.call('PUT', '/carrier/profile', { as: carrier, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(reply.body)).toContain(message);
    }
    expect(await tasks.db('carrier_profiles').where({ user_id: carrier.id }).first()).toBeUndefined();
    expect((await tasks.call('PUT', '/carrier/profile', { as: customer, body: { vehicles: [], coverageRegions: [] } })).status).toBe(403);
    expect((await tasks.call('PUT', '/carrier/profile', { as: null, body: { vehicles: [], coverageRegions: [] } })).status).toBe(401);
  });
});

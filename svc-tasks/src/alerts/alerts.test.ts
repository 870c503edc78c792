/**
 * Load alerts (issue 29): GET/POST /alerts, PATCH/DELETE /alerts/{id}, the matching of published and edited tasks
 * (tasks.alert.matched once per task and carrier) and the mails' one-click unsubscribe.
 */
import { alertsPerCarrierMax, alertUnsubscribePurpose, eventTypes, messages, type AuthUser, type EventPayload } from '@fragtbud/contracts';
import { signLinkValue, waitFor } from '@fragtbud/platform';
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

type Matched = EventPayload<typeof eventTypes.alertMatched>;

const alert = (overrides: Record<string, unknown> = {}) => ({ name: 'Aarhus-ture', fromRegions: ['midtjylland'], email: 'instant', ...overrides });

async function createAlert(carrier: AuthUser, overrides: Record<string, unknown> = {}) {
  const reply = await tasks.call('POST', '/alerts', { as: carrier, body: alert(overrides) });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as { id: number };
}

async function matchedFor(taskId: number): Promise<Matched[]> {
  return (await tasks.outboxEvents(eventTypes.alertMatched)).map((event) => event.data as Matched).filter((data) => data.taskId === taskId);
}

async function listedCarrier(listed: boolean): Promise<AuthUser> {
  const carrier = user('carrier');
  await tasks.publish(eventTypes.carrierProfileUpdated, { userId: carrier.id, cvrNumber: null, cvrVerified: false, insuredUntil: null, memberSince: '2024-03-01T10:00:00.000Z', listed });
  await waitFor(async () => (await tasks.db('carrier_profiles').where({ user_id: carrier.id }).first())?.listed === listed);
  return carrier;
}

describe('alerts API', () => {
  it('when a carrier saves an alert, then it is listed with its regions, types, dates and e-mail mode, not paused', async () => {
    const carrier = user('carrier');
    const created = await tasks.call('POST', '/alerts', {
      as: carrier,
      body: { name: ' Fyn og Jylland ', fromRegions: ['syddanmark', 'midtjylland', 'syddanmark'], types: ['moving'], pickupFrom: '2099-01-01', pickupTo: '2099-02-01', email: 'daily' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Fyn og Jylland',
      fromRegions: ['syddanmark', 'midtjylland'],
      toRegions: [],
      types: ['moving'],
      pickupFrom: '2099-01-01',
      pickupTo: '2099-02-01',
      email: 'daily',
      paused: false,
    });
    const listed = await tasks.call('GET', '/alerts', { as: carrier });
    expect(listed.body).toEqual({ items: [created.body], max: alertsPerCarrierMax });
    expect((await tasks.call('GET', '/alerts', { as: user('carrier') })).body.items).toEqual([]);
  });

  it('when nobody, a customer, an admin or an unapproved carrier asks, then 401 / 403 in Danish and nothing is saved', async () => {
    expect((await tasks.call('GET', '/alerts', { as: null })).status).toBe(401);
    expect((await tasks.call('POST', '/alerts', { as: null, body: alert() })).status).toBe(401);
    for (const caller of [user('customer'), user('admin')]) {
      expect(await tasks.call('GET', '/alerts', { as: caller })).toMatchObject({ status: 403, body: { message: messages.alertsOnlyCarriers } });
      expect(await tasks.call('POST', '/alerts', { as: caller, body: alert() })).toMatchObject({ status: 403, body: { message: messages.alertsOnlyCarriers } });
    }
    const pending = user('carrier', { approved: false });
    expect(await tasks.call('POST', '/alerts', { as: pending, body: alert() })).toMatchObject({ status: 403, body: { message: messages.alertsOnlyApprovedCarriers } });
    expect(await tasks.db('alerts').where({ carrier_id: pending.id })).toHaveLength(0);
  });

  it('when the input is bad, then 400 with the Danish message naming the field, and nothing is saved', async () => {
    const carrier = user('carrier');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, messages.alertNameRequired],
      [{ name: 'x'.repeat(81) }, messages.alertNameRequired],
      [{ fromRegions: ['fyn'] }, messages.alertRegionsInvalid],
      [{ toRegions: 'hovedstaden' }, messages.alertRegionsInvalid],
      [{ types: ['boat'] }, messages.alertTypesInvalid],
      [{ email: 'weekly' }, messages.alertEmailInvalid],
      [{ email: undefined }, messages.alertEmailInvalid],
      [{ pickupFrom: '2099-02-02', pickupTo: '2099-02-01' }, messages.alertDatesOrder],
      [{ pickupFrom: '31-31-2099' }, messages.invalidDate],
    ];
    for (const [overrides, message] of cases) {
      const reply = await tasks.call('POST', '/alerts', { as: carrier, body: alert(overrides) });
      expect(reply.status, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(reply.body), JSON.stringify(overrides)).toContain(message);
    }
    expect(await tasks.db('alerts').where({ carrier_id: carrier.id })).toHaveLength(0);
  });

  it(`when a carrier has ${alertsPerCarrierMax} alerts, then the next is refused in Danish; after deleting one, it can be made`, async () => {
    const carrier = user('carrier');
    const made = [];
    for (let i = 0; i < alertsPerCarrierMax; i += 1) made.push(await createAlert(carrier, { name: `Alarm ${i}` }));
    expect(await tasks.call('POST', '/alerts', { as: carrier, body: alert() })).toMatchObject({ status: 422, body: { message: messages.alertsMax } });
    expect((await tasks.call('DELETE', `/alerts/${made[0]!.id}`, { as: carrier })).status).toBe(204);
    expect((await tasks.call('POST', '/alerts', { as: carrier, body: alert() })).status).toBe(201);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('when a carrier with 19 alerts sends five at once, then exactly one is saved', async () => {
    const carrier = user('carrier');
    for (let i = 0; i < alertsPerCarrierMax - 1; i += 1) await createAlert(carrier, { name: `Alarm ${i}` });
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => tasks.call('POST', '/alerts', { as: carrier, body: alert({ name: `Samtidig ${i}` }) })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 422, 422, 422, 422]);
    expect(await tasks.db('alerts').where({ carrier_id: carrier.id })).toHaveLength(alertsPerCarrierMax);
  });

  it('when a carrier pauses, edits and deletes their alert, then it changes; another carrier\'s alert is 404 to them', async () => {
    const carrier = user('carrier');
    const { id } = await createAlert(carrier);
    const paused = await tasks.call('PATCH', `/alerts/${id}`, { as: carrier, body: { paused: true, email: 'off', toRegions: ['hovedstaden'] } });
    expect(paused).toMatchObject({ status: 200, body: { paused: true, email: 'off', toRegions: ['hovedstaden'], fromRegions: ['midtjylland'] } });
    expect((await tasks.call('PATCH', `/alerts/${id}`, { as: carrier, body: {} })).body.message).toBe(messages.alertPatchEmpty);
    expect((await tasks.call('PATCH', `/alerts/${id}`, { as: carrier, body: { paused: 'ja' } })).body.message).toContain(messages.alertPausedInvalid);

    const other = user('carrier');
    expect(await tasks.call('PATCH', `/alerts/${id}`, { as: other, body: { paused: false } })).toMatchObject({ status: 404, body: { message: messages.alertNotFound } });
    expect((await tasks.call('DELETE', `/alerts/${id}`, { as: other })).status).toBe(404);
    expect((await tasks.call('PATCH', '/alerts/abc', { as: carrier, body: { paused: false } })).status).toBe(400);

    expect((await tasks.call('DELETE', `/alerts/${id}`, { as: carrier })).status).toBe(204);
    expect((await tasks.call('GET', '/alerts', { as: carrier })).body.items).toEqual([]);
  });

  it('when a stored window is edited so the end falls before the start, then 400 and the alert is unchanged', async () => {
    const carrier = user('carrier');
    const { id } = await createAlert(carrier, { pickupFrom: '2099-03-01', pickupTo: '2099-03-10' });
    expect(await tasks.call('PATCH', `/alerts/${id}`, { as: carrier, body: { pickupTo: '2099-02-01' } })).toMatchObject({ status: 400, body: { message: messages.alertDatesOrder } });
    expect((await tasks.call('GET', '/alerts', { as: carrier })).body.items[0]).toMatchObject({ pickupTo: '2099-03-10' });
  });
});

describe('matching tasks to alerts', () => {
  it('when a task is published, then each carrier with a matching alert is told once; paused, other regions, types, dates and unlisted carriers are not', async () => {
    const told = await listedCarrier(true);
    const twoAlerts = await listedCarrier(true);
    const otherRegion = await listedCarrier(true);
    const pausedOne = await listedCarrier(true);
    const blocked = await listedCarrier(true);
    const otherType = await listedCarrier(true);
    const lateWindow = await listedCarrier(true);
    await createAlert(told, { toRegions: ['hovedstaden'], types: ['moving'] });
    await createAlert(twoAlerts, { name: 'Daglig', email: 'daily' });
    const instant = await createAlert(twoAlerts, { name: 'Straks', fromRegions: [], email: 'instant' });
    await createAlert(otherRegion, { fromRegions: ['syddanmark'] });
    const paused = await createAlert(pausedOne);
    await tasks.call('PATCH', `/alerts/${paused.id}`, { as: pausedOne, body: { paused: true } });
    await createAlert(blocked);
    await createAlert(otherType, { types: ['courier'] });
    await createAlert(lateWindow, { pickupFrom: '2099-09-01' });
    await tasks.publish(eventTypes.carrierProfileUpdated, { userId: blocked.id, cvrNumber: null, cvrVerified: false, insuredUntil: null, memberSince: '2024-03-01T10:00:00.000Z', listed: false });
    await waitFor(async () => (await tasks.db('carrier_profiles').where({ user_id: blocked.id }).first())?.listed === false);

    const created = await tasks.call('POST', '/tasks', { as: customer, body: taskBody('moving') });
    expect(created.status).toBe(201);
    const taskId = created.body.id as number;
    await waitFor(async () => (await matchedFor(taskId)).length >= 2);
    const events = await matchedFor(taskId);
    const mine = events.filter((event) => [told, twoAlerts, otherRegion, pausedOne, blocked, otherType, lateWindow].some((c) => c.id === event.carrierId));
    expect(mine.map((event) => event.carrierId).sort()).toEqual([told.id, twoAlerts.id].sort());
    expect(mine.find((event) => event.carrierId === twoAlerts.id)).toMatchObject({ alertId: instant.id, alertName: 'Straks', email: 'instant' });
    expect(mine.find((event) => event.carrierId === told.id)).toMatchObject({ taskId, userId: customer.id, type: 'moving', fromCity: 'Aarhus C', toCity: 'København K' });
  });

  it('when a task is edited into a match, then the newly matching carriers are told, not those told before nor those who bid', async () => {
    const early = await listedCarrier(true);
    const fyn = await listedCarrier(true);
    const bidder = await listedCarrier(true);
    await createAlert(early, { fromRegions: ['midtjylland', 'syddanmark'] });
    await createAlert(fyn, { fromRegions: ['syddanmark'] });
    await createAlert(bidder, { fromRegions: ['syddanmark'] });

    const created = await tasks.call('POST', '/tasks', { as: customer, body: taskBody('furniture') });
    const taskId = created.body.id as number;
    await waitFor(async () => (await matchedFor(taskId)).some((event) => event.carrierId === early.id));
    await tasks.db('task_bidders').insert({ task_id: taskId, carrier_id: bidder.id });

    const edited = await tasks.call('PUT', `/tasks/${taskId}`, { as: customer, body: { from_address: 'Havnegade 1, 7100 Vejle' } });
    expect(edited.status).toBe(200);
    await waitFor(async () => (await matchedFor(taskId)).some((event) => event.carrierId === fyn.id));
    const events = (await matchedFor(taskId)).filter((event) => [early, fyn, bidder].some((c) => c.id === event.carrierId));
    expect(events.map((event) => event.carrierId).sort()).toEqual([early.id, fyn.id].sort());
    expect(events.find((event) => event.carrierId === fyn.id)).toMatchObject({ fromCity: 'Vejle' });
  });

  it('when a task is not open for bids, then nobody is told of it', async () => {
    const carrier = await listedCarrier(true);
    await createAlert(carrier, { fromRegions: ['nordjylland'] });
    const created = await tasks.call('POST', '/tasks', { as: customer, body: taskBody('moving', { from_address: 'Boulevarden 1, 9000 Aalborg' }) });
    const taskId = created.body.id as number;
    await waitFor(async () => (await matchedFor(taskId)).some((event) => event.carrierId === carrier.id));
    // Reopened after a cancellation: still once. A cancelled task edited by an admin tells no one new.
    const late = await listedCarrier(true);
    await createAlert(late, { fromRegions: ['nordjylland'] });
    expect((await tasks.call('PATCH', `/tasks/${taskId}/status`, { as: user('admin'), body: { status: 'cancelled' } })).status).toBe(200);
    const edit = await tasks.call('PUT', `/tasks/${taskId}`, { as: user('admin'), body: { description: 'Ændret efter annullering' } });
    expect(edit.status).toBe(200);
    const updatedEvent = (await tasks.outboxEvents(eventTypes.taskUpdated)).find((event) => (event.data as { taskId: number }).taskId === taskId)!;
    await waitFor(async () => Boolean(await tasks.db('inbox').where({ event_id: updatedEvent.id }).first()));
    expect((await matchedFor(taskId)).map((event) => event.carrierId)).not.toContain(late.id);
  });
});

describe('unsubscribe link', () => {
  it('when the signed link is posted, then that alert mails no more; a forged or altered link is 400 and changes nothing', async () => {
    const carrier = user('carrier');
    const { id } = await createAlert(carrier, { email: 'instant' });
    const other = await createAlert(carrier, { name: 'Anden', email: 'daily' });
    const scope = `alert:${id}`;
    const token = signLinkValue(tasks.config.INTERNAL_TOKEN_SECRET, alertUnsubscribePurpose, scope);

    const page = await tasks.call('GET', `/alerts/unsubscribe?s=${scope}&t=${token}`, { as: null });
    expect(page.status).toBe(200);
    expect((await tasks.db('alerts').where({ id }).first()).email).toBe('instant');

    expect((await tasks.call('POST', `/alerts/unsubscribe?s=alert:${other.id}&t=${token}`, { as: null })).body.message).toBe(messages.alertUnsubscribeInvalid);
    expect((await tasks.call('POST', `/alerts/unsubscribe?s=${scope}&t=${'A'.repeat(32)}`, { as: null })).status).toBe(400);
    expect((await tasks.call('POST', `/alerts/unsubscribe?s=${scope}`, { as: null })).status).toBe(400);
    expect((await tasks.db('alerts').whereIn('id', [id, other.id]).orderBy('id')).map((row) => row.email)).toEqual(['instant', 'daily']);

    const done = await tasks.call('POST', `/alerts/unsubscribe?s=${scope}&t=${token}`, { as: null });
    expect(done).toMatchObject({ status: 200, body: { message: messages.alertUnsubscribed } });
    expect((await tasks.db('alerts').whereIn('id', [id, other.id]).orderBy('id')).map((row) => row.email)).toEqual(['off', 'daily']);

    const all = `carrier:${carrier.id}`;
    expect((await tasks.call('POST', `/alerts/unsubscribe?s=${all}&t=${signLinkValue(tasks.config.INTERNAL_TOKEN_SECRET, alertUnsubscribePurpose, all)}`, { as: null })).status).toBe(200);
    expect((await tasks.db('alerts').where({ id: other.id }).first()).email).toBe('off');
  });
});

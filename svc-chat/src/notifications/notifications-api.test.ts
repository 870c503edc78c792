/**
 * GET /notifications and PUT /notifications/{id}/read: each user sees and marks only their own; who may call,
 * and what a client can get wrong (400 with a Danish message, never 500).
 */
import { randomBytes } from 'node:crypto';
import { eventTypes, messages, notificationSchema, type AuthUser, type NotificationJson, type TaskStatus } from '@fragtbud/contracts';
import { signInternalToken, waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTaskId, notificationsOf, rowsOf, startChat, statusChange, user, type StartedChat } from '../test-harness';

let chat: StartedChat;

beforeAll(async () => {
  chat = await startChat();
});
afterAll(async () => {
  await chat?.close();
});

const journey: Array<[TaskStatus, TaskStatus]> = [
  ['open_for_bids', 'assigned'],
  ['assigned', 'paid'],
  ['paid', 'picked_up'],
  ['picked_up', 'in_transit'],
  ['in_transit', 'delivered'],
  ['delivered', 'completed'],
];

/** A customer whose task went the whole way: 7 notifications (6 status updates and a review request); its carrier 2. */
async function customerWithJourney(): Promise<{ owner: AuthUser; carrier: AuthUser; taskId: number }> {
  const owner = user('customer');
  const carrier = user('carrier');
  const taskId = newTaskId();
  for (const [from, to] of journey) {
    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, from, to, { assignedCarrierId: carrier.id }));
  }
  await waitFor(async () => (await rowsOf(chat, owner.id)).length === 7);
  await waitFor(async () => (await rowsOf(chat, carrier.id)).length === 2);
  return { owner, carrier, taskId };
}

const messagesOf = (items: NotificationJson[]) => items.map((n) => n.message);

describe('GET /notifications', () => {
  it("when a user asks, then they get their own only, newest first, as the contract says — and an admin too only their own", async () => {
    const { owner, carrier } = await customerWithJourney();
    const other = await customerWithJourney();
    const admin = user('admin');

    const mine = await notificationsOf(chat, owner);
    expect(mine).toHaveLength(7);
    expect(mine.every((n) => n.user_id === owner.id)).toBe(true);
    for (const item of mine) notificationSchema.parse(item);
    expect(messagesOf(mine)).toEqual([
      'Opgaven er afsluttet – giv en vurdering af vognmanden',
      'Opgaven er afsluttet',
      'Varerne er leveret',
      'Varerne er på vej',
      'Varerne er afhentet',
      'Betaling bekræftet - opgaven er klar til afhentning',
      'Carrier er tildelt opgaven',
    ]);
    expect(mine.map((n) => n.id)).toEqual([...mine.map((n) => n.id)].sort((a, b) => b - a));

    const carriers = await notificationsOf(chat, carrier);
    expect(carriers.map((n) => [n.user_id, n.kind])).toEqual([
      [carrier.id, 'review_request_carrier'],
      [carrier.id, 'task_paid_carrier'],
    ]);
    expect((await notificationsOf(chat, other.owner)).every((n) => n.user_id === other.owner.id)).toBe(true);
    expect(await notificationsOf(chat, admin)).toEqual([]);
    expect(await notificationsOf(chat, user('customer'), '?unread=1&limit=5')).toEqual([]);
  });

  it('when the bar asks for ?unread=1&limit=5, then the newest five unread come back; limit defaults to 20', async () => {
    const { owner } = await customerWithJourney();
    const all = await notificationsOf(chat, owner);
    const five = await notificationsOf(chat, owner, '?unread=1&limit=5');
    expect(five).toEqual(all.slice(0, 5));
    expect(await notificationsOf(chat, owner, '?limit=1')).toEqual(all.slice(0, 1));
    expect(await notificationsOf(chat, owner, '?limit=50')).toEqual(all);
    expect(await notificationsOf(chat, owner, '?unread=&limit=')).toEqual(all);
  });

  it('when some are read, then unread=1 (or true) leaves them out, unread=0 and no filter include them', async () => {
    const { owner } = await customerWithJourney();
    const all = await notificationsOf(chat, owner);
    for (const n of all.slice(0, 2)) expect((await chat.call('PUT', `/notifications/${n.id}/read`, { as: owner })).status).toBe(200);

    const unread = await notificationsOf(chat, owner, '?unread=1&limit=5');
    expect(unread.map((n) => n.id)).toEqual(all.slice(2, 7).map((n) => n.id));
    expect(await notificationsOf(chat, owner, '?unread=true')).toEqual(await notificationsOf(chat, owner, '?unread=1'));
    const everything = await notificationsOf(chat, owner, '?unread=0');
    expect(everything).toHaveLength(7);
    expect(everything.slice(0, 2).every((n) => n.is_read && n.read_at !== null)).toBe(true);
    expect(await notificationsOf(chat, owner)).toEqual(everything);
  });
});

describe('PUT /notifications/{id}/read', () => {
  it('when the owner marks one read, then 200 with read_at set, and again keeps the first read_at', async () => {
    const { owner } = await customerWithJourney();
    const [newest] = await notificationsOf(chat, owner, '?unread=1&limit=5');
    const first = await chat.call('PUT', `/notifications/${newest!.id}/read`, { as: owner });
    expect(first.status).toBe(200);
    const read = notificationSchema.parse(first.body);
    expect(read).toMatchObject({ id: newest!.id, is_read: true, message: newest!.message, user_id: owner.id });
    expect(Number.isNaN(Date.parse(read.read_at!))).toBe(false);

    const again = await chat.call('PUT', `/notifications/${newest!.id}/read`, { as: owner });
    expect(again.status).toBe(200);
    expect(again.body.read_at).toBe(read.read_at);
    expect((await notificationsOf(chat, owner, '?unread=1&limit=50')).map((n) => n.id)).not.toContain(newest!.id);
  });

  it("when someone else (another customer, the task's carrier, an admin) marks it, then 404 and it stays unread", async () => {
    const { owner, carrier } = await customerWithJourney();
    const [newest] = await notificationsOf(chat, owner);
    for (const caller of [user('customer'), carrier, user('admin')]) {
      const reply = await chat.call('PUT', `/notifications/${newest!.id}/read`, { as: caller });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'notification_not_found', message: messages.notificationNotFound });
    }
    const [still] = await notificationsOf(chat, owner);
    expect(still).toMatchObject({ id: newest!.id, is_read: false, read_at: null });
  });

  it('when the notification does not exist, then 404', async () => {
    const reply = await chat.call('PUT', '/notifications/2147483647/read', { as: user('customer') });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'notification_not_found', message: messages.notificationNotFound });
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648', '1e3'])('when the id is %s, then 400 Ugyldigt notifikations-id', async (badId) => {
    const reply = await chat.call('PUT', `/notifications/${badId}/read`, { as: user('customer') });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_notification_id', message: messages.invalidNotificationId });
  });
});

describe('who may call', () => {
  const endpoints = [
    ['GET', '/notifications?unread=1&limit=5'],
    ['PUT', '/notifications/1/read'],
  ] as const;

  it.each(endpoints)('when %s %s is called anonymously, then 401', async (method, path) => {
    const reply = await chat.call(method, path);
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 'unauthorized', message: messages.sessionExpired });
  });

  it.each(endpoints)('when %s %s is called without an internal token or with a forged one, then 401', async (method, path) => {
    const without = await chat.call(method, path, { withoutInternalToken: true });
    expect(without.status).toBe(401);
    expect(without.body.code).toBe('invalid_internal_token');
    const forged = await signInternalToken({ secret: randomBytes(32).toString('hex'), user: user('customer') });
    const reply = await chat.call(method, path, { withoutInternalToken: true, headers: { 'x-internal-token': forged } });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('invalid_internal_token');
  });
});

describe('bad input', () => {
  it.each([
    ['limit=0', messages.notificationLimitRange],
    ['limit=51', messages.notificationLimitRange],
    ['limit=abc', messages.notificationLimitRange],
    ['limit=2.5', messages.notificationLimitRange],
    ['limit=-5', messages.notificationLimitRange],
    ['limit=99999999999999999999', messages.notificationLimitRange],
    ['unread=maybe', messages.invalidYesNo],
    ['unread=2', messages.invalidYesNo],
  ])('when the query has %s, then 400 with its Danish message', async (query, message) => {
    const reply = await chat.call('GET', `/notifications?${query}`, { as: user('customer') });
    expect(reply.status).toBe(400);
    const path = query.split('=')[0];
    expect(reply.body).toEqual({ code: 'invalid_input', message, details: [{ path, message }] });
  });

  it('when a query parameter is repeated, then the last one counts', async () => {
    const { owner } = await customerWithJourney();
    expect(await notificationsOf(chat, owner, '?limit=50&limit=2')).toHaveLength(2);
  });

  it('when the method or path is unknown, then 404/405 — never 500', async () => {
    const customer = user('customer');
    for (const [method, path] of [
      ['DELETE', '/notifications/1'],
      ['POST', '/notifications'],
      ['GET', '/notifications/1'],
    ] as const) {
      const reply = await chat.call(method, path, { as: customer });
      expect([404, 405]).toContain(reply.status);
    }
  });
});

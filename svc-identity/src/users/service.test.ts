import { accountDeletionTexts, eventTypes, messages, usersPageSchema, type AuthUser } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asCaller,
  login,
  mailsTo,
  publishedEvent as publishedEventOf,
  registerUser,
  seedAdmin,
  startIdentity,
  uniqueEmail,
  userUpdatesOf,
  waitForMail,
  type Registered,
  type StartedIdentity,
} from '../test-harness';

let identity: StartedIdentity;
let adminToken: string;
let admin: AuthUser;

beforeAll(async () => {
  identity = await startIdentity({ SEED_ADMIN_EMAIL: seedAdmin.email, SEED_ADMIN_PASSWORD: seedAdmin.password });
  adminToken = await login(identity, seedAdmin.email, seedAdmin.password);
  admin = (await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: adminToken } })).body.user;
});
afterAll(async () => {
  await identity?.close();
});

const adminCall = (method: string, path: string, body?: unknown) =>
  identity.call(method, path, { session: adminToken, body });

async function outboxEvent(type: string, userId: number) {
  return identity.db('outbox').where({ type }).whereRaw(`data->>'userId' = ?`, [String(userId)]).first();
}

const publishedEvent = (type: string, userId: number) => publishedEventOf(identity, type, userId);

describe('GET /users (admin)', () => {
  it('when an admin lists users, then newest come first in a page of the contract shape', async () => {
    const first = await registerUser(identity, { name: 'Først' });
    identity.clock.advance(1000);
    const second = await registerUser(identity, { name: 'Anden' });
    const reply = await adminCall('GET', '/users?limit=2');
    expect(reply.status).toBe(200);
    const page = usersPageSchema.parse(reply.body);
    expect(page.page).toBe(1);
    expect(page.limit).toBe(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.map((u) => u.id)).toEqual([second.user.id, first.user.id]);
  });

  it('when filtered by role, blocked or pending, then only those users come back', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const approved = await registerUser(identity, { role: 'carrier' });
    await adminCall('PUT', `/admin/users/${approved.user.id}/approve`);
    const blocked = await registerUser(identity);
    await adminCall('PUT', `/admin/users/${blocked.user.id}/block`);

    const ids = async (query: string) =>
      ((await adminCall('GET', `/users?limit=100&${query}`)).body.items as Array<{ id: number }>).map((u) => u.id);

    const pending = await ids('role=pending');
    expect(pending).toContain(carrier.user.id);
    expect(pending).not.toContain(approved.user.id);
    const carriers = await ids('role=carrier');
    expect(carriers).toEqual(expect.arrayContaining([carrier.user.id, approved.user.id]));
    expect(carriers).not.toContain(blocked.user.id);
    expect(await ids('role=blocked')).toEqual([blocked.user.id]);
    expect(await ids('role=admin')).toEqual([admin.id]);
    expect(await ids('role=customer')).toContain(blocked.user.id);
  });

  it('when searching with q, then name, e-mail and company are matched without wildcards leaking', async () => {
    const target = await registerUser(identity, { role: 'carrier', name: 'Søren Særlig', company: 'Fragt_100% ApS' });
    const hit = async (q: string) =>
      ((await adminCall('GET', `/users?q=${encodeURIComponent(q)}`)).body.items as Array<{ id: number }>).map((u) => u.id);
    expect(await hit('særlig')).toEqual([target.user.id]);
    expect(await hit('_100%')).toEqual([target.user.id]);
    expect(await hit(target.user.email.toUpperCase())).toEqual([target.user.id]);
    expect(await hit('%')).toEqual([target.user.id]);
    expect(await hit('findes-ikke')).toEqual([]);
  });

  it('when the page is past the end, then items are empty and total is still right', async () => {
    const reply = await adminCall('GET', '/users?page=9999&limit=100');
    expect(reply.status).toBe(200);
    expect(reply.body.items).toEqual([]);
    expect(reply.body.total).toBeGreaterThan(0);
  });

  it('when a customer lists users, then 403', async () => {
    const customer = await registerUser(identity);
    const reply = await identity.call('GET', '/users', { session: customer.token });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 'forbidden', message: messages.forbidden });
  });
});

describe('GET and PUT /users/:id', () => {
  it('when a user reads themself, then 200; another user, then 403; an admin anyone, then 200', async () => {
    const alice = await registerUser(identity);
    const bob = await registerUser(identity);
    expect((await identity.call('GET', `/users/${alice.user.id}`, { session: alice.token })).status).toBe(200);
    const other = await identity.call('GET', `/users/${bob.user.id}`, { session: alice.token });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(messages.forbidden);
    const byAdmin = await adminCall('GET', `/users/${bob.user.id}`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.user.email).toBe(bob.user.email);
  });

  it('when the user does not exist, then 404 Brugeren blev ikke fundet', async () => {
    const reply = await adminCall('GET', '/users/999999');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'user_not_found', message: messages.userNotFound });
  });

  it('when a user changes their name, phone and company, then the new values come back', async () => {
    const alice = await registerUser(identity);
    const reply = await identity.call('PUT', `/users/${alice.user.id}`, {
      session: alice.token,
      body: { name: ' Alice Ny ', phone: '87654321', company: '' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ name: 'Alice Ny', phone: '87654321', company: null });
    // The other services' directories learn the new name and phone.
    expect(await userUpdatesOf(identity, alice.user.id)).toContainEqual(expect.objectContaining({ name: 'Alice Ny', phone: '87654321', company: null }));
  });

  it('when a user tries to change their role or approval, then 400 (the body is strict)', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    for (const body of [{ role: 'admin' }, { is_approved: true }, { email: 'ny@example.dk' }]) {
      const reply = await identity.call('PUT', `/users/${carrier.user.id}`, { session: carrier.token, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    expect((await identity.db('users').where({ id: carrier.user.id }).first()).is_approved).toBe(false);
  });

  it("when a user changes someone else, then 403 and nothing changes", async () => {
    const alice = await registerUser(identity);
    const bob = await registerUser(identity, { name: 'Bob' });
    const reply = await identity.call('PUT', `/users/${bob.user.id}`, { session: alice.token, body: { name: 'Hacket' } });
    expect(reply.status).toBe(403);
    expect((await identity.db('users').where({ id: bob.user.id }).first()).name).toBe('Bob');
  });

  it('when an admin changes a user that does not exist, then 404', async () => {
    expect((await adminCall('PUT', '/users/999999', { name: 'X' })).status).toBe(404);
  });
});

describe('carrier approval', () => {
  let carrier: Registered;
  beforeAll(async () => {
    carrier = await registerUser(identity, { role: 'carrier' });
  });

  it('when an admin approves a carrier, then it is approved, the event is in the outbox and published', async () => {
    const reply = await adminCall('PUT', `/admin/users/${carrier.user.id}/approve`);
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ id: carrier.user.id, is_approved: true });
    expect(await outboxEvent(eventTypes.userApproved, carrier.user.id)).toBeTruthy();
    const event = await publishedEvent(eventTypes.userApproved, carrier.user.id);
    expect(event.data).toEqual({ userId: carrier.user.id, approvedBy: admin.id });
    // The session now tells the gateway the carrier is approved.
    const resolved = await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: carrier.token } });
    expect(resolved.body.user.approved).toBe(true);
  });

  it('when an approved carrier is approved again, then no second event is written', async () => {
    await adminCall('PUT', `/admin/users/${carrier.user.id}/approve`);
    const rows = await identity
      .db('outbox')
      .where({ type: eventTypes.userApproved })
      .whereRaw(`data->>'userId' = ?`, [String(carrier.user.id)]);
    expect(rows).toHaveLength(1);
  });

  it('when an admin rejects the carrier, then is_approved is false and identity.user.rejected is written', async () => {
    const reply = await adminCall('PUT', `/admin/users/${carrier.user.id}/reject`);
    expect(reply.status).toBe(200);
    expect(reply.body.user.is_approved).toBe(false);
    expect(await outboxEvent(eventTypes.userRejected, carrier.user.id)).toMatchObject({
      data: { userId: carrier.user.id, rejectedBy: admin.id },
    });
  });

  it('when an admin approves or rejects a carrier, then the carrier is mailed the decision once, with the way on', async () => {
    const newcomer = await registerUser(identity, { role: 'carrier', name: 'Søren Ærø' });
    await adminCall('PUT', `/admin/users/${newcomer.user.id}/approve`);
    await adminCall('PUT', `/admin/users/${newcomer.user.id}/approve`);
    const approved = await waitForMail(identity, newcomer.user.email, /^Din vognmandskonto er godkendt$/);
    expect(approved.text).toContain('Hej Søren Ærø,');
    expect(approved.text).toContain('Du kan nu byde på opgaver.');
    expect(approved.text).toContain(`${identity.config.PUBLIC_ORIGIN}/tasks?available=true`);
    await adminCall('PUT', `/admin/users/${newcomer.user.id}/reject`);
    const rejected = await waitForMail(identity, newcomer.user.email, /^Din vognmandskonto er ikke godkendt$/);
    expect(rejected.text).toContain('du kan ikke byde på opgaver');
    const subjects = (await mailsTo(identity, newcomer.user.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === 'Din vognmandskonto er godkendt')).toHaveLength(1);
  });

  it('when the user is not a carrier, then approve and reject are 422 Brugeren er ikke en carrier', async () => {
    const customer = await registerUser(identity);
    for (const action of ['approve', 'reject']) {
      const reply = await adminCall('PUT', `/admin/users/${customer.user.id}/${action}`);
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({ code: 'not_a_carrier', message: messages.notACarrier });
    }
  });

  it('when the user does not exist, then 404', async () => {
    for (const action of ['approve', 'reject', 'block', 'unblock']) {
      expect((await adminCall('PUT', `/admin/users/999999/${action}`)).status).toBe(404);
    }
  });

  it('when a carrier registers or is approved, then the pending count follows', async () => {
    const before = (await adminCall('GET', '/admin/carriers/pending-count')).body.count;
    const newcomer = await registerUser(identity, { role: 'carrier' });
    expect((await adminCall('GET', '/admin/carriers/pending-count')).body).toEqual({ count: before + 1 });
    await adminCall('PUT', `/admin/users/${newcomer.user.id}/approve`);
    expect((await adminCall('GET', '/admin/carriers/pending-count')).body).toEqual({ count: before });
  });
});

describe('blocking', () => {
  it('when an admin blocks a user, then their sessions die, they cannot log in, and the event is published', async () => {
    const victim = await registerUser(identity);
    const second = await login(identity, victim.user.email, victim.password);
    const blockedBefore = (await adminCall('GET', '/admin/users/blocked-count')).body.count;

    const reply = await adminCall('PUT', `/admin/users/${victim.user.id}/block`);
    expect(reply.status).toBe(200);
    expect(reply.body.user.is_blocked).toBe(true);

    for (const token of [victim.token, second]) {
      expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } })).status).toBe(401);
    }
    expect(await identity.db('sessions').where({ user_id: victim.user.id })).toHaveLength(0);
    const loginReply = await identity.call('POST', '/auth/login', {
      body: { email: victim.user.email, password: victim.password },
    });
    expect(loginReply.status).toBe(403);
    expect(loginReply.body).toEqual({ code: 'account_blocked', message: messages.accountBlocked });
    expect((await adminCall('GET', '/admin/users/blocked-count')).body).toEqual({ count: blockedBefore + 1 });
    expect(await outboxEvent(eventTypes.userBlocked, victim.user.id)).toBeTruthy();
    expect((await publishedEvent(eventTypes.userBlocked, victim.user.id)).data).toEqual({
      userId: victim.user.id,
      blockedBy: admin.id,
    });

    const unblock = await adminCall('PUT', `/admin/users/${victim.user.id}/unblock`);
    expect(unblock.status).toBe(200);
    expect(unblock.body.user.is_blocked).toBe(false);
    expect(await outboxEvent(eventTypes.userUnblocked, victim.user.id)).toBeTruthy();
    expect((await adminCall('GET', '/admin/users/blocked-count')).body).toEqual({ count: blockedBefore });
    expect(await login(identity, victim.user.email, victim.password)).toBeTruthy();
  });

  it('when an admin tries to block themself, then 422 and nothing changes', async () => {
    const reply = await adminCall('PUT', `/admin/users/${admin.id}/block`);
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ code: 'cannot_change_own_account', message: messages.cannotChangeOwnAccount });
    expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: adminToken } })).status).toBe(200);
  });
});

describe('DELETE /users/:id', () => {
  it('when an admin deletes a user, then 204, the user and sessions are gone and identity.user.deleted is written', async () => {
    const victim = await registerUser(identity);
    const reply = await adminCall('DELETE', `/users/${victim.user.id}`);
    expect(reply.status).toBe(204);
    expect(await identity.db('users').where({ id: victim.user.id }).first()).toBeUndefined();
    expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: victim.token } })).status).toBe(401);
    expect(await outboxEvent(eventTypes.userDeleted, victim.user.id)).toMatchObject({
      data: { userId: victim.user.id, deletedBy: admin.id },
    });
    expect((await adminCall('DELETE', `/users/${victim.user.id}`)).status).toBe(404);
  });

  it('when the user has a task under way, then 409 user_has_active_tasks and the user and sessions stay', async () => {
    const busy = await registerUser(identity, { role: 'carrier' });
    identity.tasks.activeTaskUsers.add(busy.user.id);
    const reply = await adminCall('DELETE', `/users/${busy.user.id}`);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'user_has_active_tasks', message: accountDeletionTexts.userHasActiveTasks });
    expect(await identity.db('users').where({ id: busy.user.id }).first()).toBeDefined();
    expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: busy.token } })).status).toBe(200);
    expect(await outboxEvent(eventTypes.userDeleted, busy.user.id)).toBeUndefined();
  });

  it('when svc-tasks cannot be asked, then 503 and the user stays', async () => {
    const victim = await registerUser(identity);
    identity.tasks.down = true;
    try {
      expect((await adminCall('DELETE', `/users/${victim.user.id}`)).status).toBe(503);
    } finally {
      identity.tasks.down = false;
    }
    expect(await identity.db('users').where({ id: victim.user.id }).first()).toBeDefined();
  });

  it('when an admin deletes themself, then 422', async () => {
    const reply = await adminCall('DELETE', `/users/${admin.id}`);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe('cannot_change_own_account');
  });

  it('when the last admin would be deleted, then 422 Den sidste administrator kan ikke slettes', async () => {
    // A caller vouched for as admin whose own account is not an admin row (e.g. removed meanwhile).
    const ghost: AuthUser = { id: 999_999, role: 'admin', approved: true, blocked: false, name: 'Spøgelse', email: 'x@y.dk' };
    const reply = await identity.call('DELETE', `/users/${admin.id}`, { as: ghost });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ code: 'last_admin', message: messages.cannotDeleteLastAdmin });
  });

  it('when there is another admin, then one admin may delete the other', async () => {
    const second = await registerUser(identity, { email: uniqueEmail('admin2') });
    await identity.db('users').where({ id: second.user.id }).update({ role: 'admin' });
    const reply = await adminCall('DELETE', `/users/${second.user.id}`);
    expect(reply.status).toBe(204);
  });

  it('when a customer deletes someone (even themself), then 403', async () => {
    const customer = await registerUser(identity);
    expect((await identity.call('DELETE', `/users/${customer.user.id}`, { session: customer.token })).status).toBe(403);
  });
});

describe('callers the gateway vouches for without a session', () => {
  it('when the internal token says admin, then admin endpoints trust it (the gateway is the authority)', async () => {
    const customer = await registerUser(identity);
    const reply = await identity.call('GET', `/users/${customer.user.id}`, { as: asCaller({ ...customer.user, role: 'admin' }) });
    expect(reply.status).toBe(200);
  });
});

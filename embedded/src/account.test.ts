/**
 * The account endpoints of the gateway (issue 13 item 5, GDPR) through the real gateway and all six services:
 * GET /api/account/export gathers the caller's own data from every service; DELETE /api/account anonymises the
 * account, blocks its login and ends its sessions, unless a task of theirs is still in progress.
 */
import { accountDeletionTexts, accountExportSchema, messages } from '@fragtbud/contracts';
import { describe, expect, it, vi } from 'vitest';
import { password, worldForSuite, type Actor, type Reply, type World } from './testing/world';

const suite = worldForSuite();

async function registerCustomer(world: World, name: string): Promise<Actor & { email: string; id: number }> {
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${Date.now()}@example.dk`;
  const reply = await world.request('POST', '/auth/register', {
    json: { name, email, password, role: 'customer', acceptTerms: true },
  });
  expect(reply.status).toBe(201);
  const cookie = reply.headers.get('set-cookie')?.split(';')[0] ?? null;
  return { name: 'customerB', id: reply.body.user.id as number, cookie, email };
}

const idsOf = (items: Array<{ id: number }>) => items.map((item) => item.id);

describe('GET /api/account/export', () => {
  it('when customer A exports, then the file holds their profile, tasks, bids, messages and money — and nobody else’s', async () => {
    const world = suite();
    const { customerA, customerB } = world.actors;
    const reply = await world.request('GET', '/account/export', { as: customerA });

    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="fragtbud-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const data = accountExportSchema.parse(reply.body);
    expect(data.profile.id).toBe(customerA.id);
    expect(data.termsAcceptance).toMatchObject({ termsVersion: expect.any(String), acceptedAt: expect.any(String) });

    const tasks = data.tasks as Array<{ id: number; user_id: number | null }>;
    expect(idsOf(tasks)).toEqual(expect.arrayContaining([world.openTaskId, world.assignedTaskId]));
    for (const task of tasks) expect(task.user_id).toBe(customerA.id);
    const bids = data.bids as Array<{ id: number; task_id: number }>;
    expect(idsOf(bids)).toEqual(expect.arrayContaining([world.pendingBidId, world.acceptedBidId]));
    for (const bid of bids) expect(idsOf(tasks)).toContain(bid.task_id);
    const chat = data.messages as Array<{ id: number; sender_id: number; receiver_id: number }>;
    expect(idsOf(chat)).toContain(world.chatMessageId);
    for (const message of chat) expect([message.sender_id, message.receiver_id]).toContain(customerA.id);
    expect(data.money).toHaveProperty('payments');
    expect(data.money).toHaveProperty('ledger');

    // Customer B's own export holds none of it.
    const other = accountExportSchema.parse((await world.request('GET', '/account/export', { as: customerB })).body);
    expect(other.profile.id).toBe(customerB.id);
    expect(other.tasks).toEqual([]);
    expect(other.bids).toEqual([]);
    expect(other.messages).toEqual([]);
    expect(JSON.stringify(other)).not.toContain('Hej, jeg henter i morgen');
  });

  it('when the carrier exports, then they get their own bids (as payouts) and their finance, not customer totals', async () => {
    const world = suite();
    const { carrier } = world.actors;
    const data = accountExportSchema.parse((await world.request('GET', '/account/export', { as: carrier })).body);
    const bids = data.bids as Array<{ carrier_id: number }>;
    expect(bids.length).toBeGreaterThan(0);
    for (const bid of bids) expect(bid.carrier_id).toBe(carrier.id);
    expect(data.money).toHaveProperty('finance');
    expect(data.money).not.toHaveProperty('payments');
    const tasks = data.tasks as Array<{ id: number }>;
    expect(idsOf(tasks)).toContain(world.assignedTaskId);
    expect(idsOf(tasks)).not.toContain(world.openTaskId);
  });

  it('when nobody is logged in, then 401 and nothing', async () => {
    const reply = await suite().request('GET', '/account/export');
    expect(reply.status).toBe(401);
  });
});

describe('DELETE /api/account', () => {
  it('when the customer has tasks in progress, then 409 in Danish and the account stays as it was', async () => {
    const world = suite();
    const reply = await world.request('DELETE', '/account', { as: world.actors.customerA, json: { currentPassword: password } });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ code: 'account_has_active_tasks', message: accountDeletionTexts.accountHasActiveTasks });
    expect((await world.request('GET', '/users/me', { as: world.actors.customerA })).status).toBe(200);
  });

  it('when the admin asks, then 422: an admin is removed by another admin', async () => {
    const world = suite();
    const reply = await world.request('DELETE', '/account', { as: world.actors.admin, json: { currentPassword: 'demo1234' } });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe(accountDeletionTexts.adminCannotDeleteOwnAccount);
  });

  it('when a user without tasks deletes the account, then it is anonymised, its login is blocked and its sessions end', async () => {
    const world = suite();
    const leaving = await registerCustomer(world, 'Lise Forlader');
    const second = await world.request('POST', '/auth/login', { json: { email: leaving.email, password } });
    expect(second.status).toBe(200);
    const secondSession: Actor = { ...leaving, cookie: second.headers.get('set-cookie')?.split(';')[0] ?? null };

    // A shared public answer (the home page's ratings, kept by the gateway for anonymous visitors) …
    await world.request('GET', '/ratings/public?limit=5');
    expect((await world.request('GET', '/ratings/public?limit=5')).headers.get('age')).not.toBeNull();

    // Without the account's own password nothing happens (a session left open on a shared computer).
    for (const json of [undefined, { currentPassword: 'ikke-min-kode' }]) {
      const refused = await world.request('DELETE', '/account', { as: leaving, json });
      expect(refused.status).toBe(400);
      expect(refused.body.details?.[0]?.path).toBe('currentPassword');
      expect(refused.body.message).toBe(json ? accountDeletionTexts.passwordWrong : messages.passwordRequired);
      expect((await world.request('GET', '/users/me', { as: leaving })).status).toBe(200);
    }

    const reply: Reply = await world.request('DELETE', '/account', { as: leaving, json: { currentPassword: password } });
    expect(reply.status).toBe(204);
    // … is asked for afresh after a deletion, in case it named the user.
    expect((await world.request('GET', '/ratings/public?limit=5')).headers.get('age')).toBeNull();
    expect(reply.headers.get('set-cookie')).toMatch(/session=;.*Max-Age=0/);

    // Every session is over, and neither the old e-mail nor anything else signs in again.
    expect((await world.request('GET', '/users/me', { as: leaving })).status).toBe(401);
    expect((await world.request('GET', '/users/me', { as: secondSession })).status).toBe(401);
    const login = await world.request('POST', '/auth/login', { json: { email: leaving.email, password } });
    expect(login.status).toBe(401);

    // What the admin sees: no name, no e-mail, blocked.
    const seen = await world.request('GET', `/users/${leaving.id}`, { as: world.actors.admin });
    expect(seen.status).toBe(200);
    expect(seen.body.user).toMatchObject({ name: 'Slettet bruger', phone: null, is_blocked: true });
    expect(seen.body.user.email).not.toContain('lise');
    expect(JSON.stringify(seen.body)).not.toMatch(/Lise|Forlader/);

    // The e-mail is free again, for a new account.
    await vi.waitFor(
      async () => {
        const again = await world.request('POST', '/auth/register', {
          json: { name: 'Lise Igen', email: leaving.email, password, role: 'customer', acceptTerms: true },
        });
        expect(again.status, 'the e-mail is free again').toBe(201);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});

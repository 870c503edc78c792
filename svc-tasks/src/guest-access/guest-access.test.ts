/**
 * The guest follow-up (issue 13, API.md "guest follow-up"): a guest's task with a contact e-mail gets a link token (only
 * its hash is kept) that svc-identity mails; GET /tasks/{id}?access= gives the owner's read-only view, a wrong token
 * nothing private. The task becomes an account's only when the guest, signed in with a verified customer account of that
 * e-mail, claims it with the link (issue 24 item 5); a claim made before verification is carried out at verification.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eventTypes, guestLinkSealPurpose, messages, type EventPayload } from '@fragtbud/contracts';
import { openSealedSecret, waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

const uniqueEmail = () => `gaest-${randomUUID().slice(0, 8)}@example.dk`;

/** A guest posts a task with this contact e-mail; its id and the token the mail carries. */
async function guestTask(email: string | null) {
  const reply = await tasks.call('POST', '/tasks', { body: taskBody('moving', { contact_email: email }) });
  expect(reply.status).toBe(201);
  const taskId = reply.body.id as number;
  const issued = (await tasks.outboxEvents(eventTypes.guestLinkIssued)).find((e) => (e.data as { taskId: number }).taskId === taskId);
  const sealed = (issued?.data as { sealedAccessToken?: string } | undefined)?.sealedAccessToken;
  return { taskId, token: sealed ? openSealedSecret(tasks.config.INTERNAL_TOKEN_SECRET, guestLinkSealPurpose, sealed) : null, issued };
}

function verified(userId: number, email: string, role: 'customer' | 'carrier' = 'customer'): EventPayload<typeof eventTypes.userEmailVerified> {
  return { userId, email, role, reason: 'verified' };
}

const ownerOf = async (taskId: number) => ((await tasks.db('tasks').where({ id: taskId }).first('user_id')) as { user_id: number | null }).user_id;

describe('the guest link', () => {
  it('when a guest posts with a contact e-mail, then a link token goes out for the mail, sealed, and only its hash is stored', async () => {
    const email = uniqueEmail();
    const { taskId, token, issued } = await guestTask(email);
    expect(issued?.data).toEqual({ taskId, email, sealedAccessToken: expect.any(String) });
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The outbox row (and so the stream) never holds the token readable.
    expect(JSON.stringify(issued)).not.toContain(token!);
    const stored = await tasks.db('task_guest_access').where({ task_id: taskId }).first();
    expect(stored.token_hash).toBe(createHash('sha256').update(token!).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token!);
  });

  it('when a guest gives no e-mail (phone or not), then 400 naming contact_email in Danish and no task is stored', async () => {
    const before = await tasks.db('tasks').count<{ count: number }[]>({ count: '*' });
    for (const overrides of [{ contact_email: null, contact_phone: null }, { contact_email: '', contact_phone: '12345678' }, { contact_email: undefined }]) {
      const reply = await tasks.call('POST', '/tasks', { body: taskBody('moving', overrides) });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: 'invalid_input', message: messages.guestContactEmailRequired });
      expect(reply.body.details).toContainEqual(expect.objectContaining({ path: 'contact_email', message: messages.guestContactEmailRequired }));
    }
    expect(await tasks.db('tasks').count<{ count: number }[]>({ count: '*' })).toEqual(before);
  });

  it('when a signed-in customer gives no contact e-mail, then the task is made, and no guest link', async () => {
    const own = await tasks.call('POST', '/tasks', { as: user('customer'), body: taskBody('moving', { contact_email: null }) });
    expect(own.status).toBe(201);
    expect(own.body.access_token).toBeUndefined();
    expect(await tasks.db('task_guest_access').where({ task_id: own.body.id }).first()).toBeUndefined();
    expect((await tasks.outboxEvents(eventTypes.guestLinkIssued)).some((e) => (e.data as { taskId: number }).taskId === own.body.id)).toBe(false);
  });

  it('when a guest gives an e-mail, then the answer carries the same token the mail does', async () => {
    const reply = await tasks.call('POST', '/tasks', { body: taskBody('moving', { contact_email: uniqueEmail() }) });
    const issued = (await tasks.outboxEvents(eventTypes.guestLinkIssued)).find((e) => (e.data as { taskId: number }).taskId === reply.body.id);
    const sealed = (issued?.data as { sealedAccessToken: string }).sealedAccessToken;
    expect(reply.body.access_token).toBe(openSealedSecret(tasks.config.INTERNAL_TOKEN_SECRET, guestLinkSealPurpose, sealed));
  });

  it('when the link is opened without a session, then it shows the owner view: addresses and contact details', async () => {
    const email = uniqueEmail();
    const { taskId, token } = await guestTask(email);
    const reply = await tasks.call('GET', `/tasks/${taskId}?access=${token}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: taskId, view: 'full', from_address: 'Vestergade 12, 8000 Aarhus C', contact_email: email });
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it("when the guest's task has a carrier, then the link names them with their contact details; a wrong token does not", async () => {
    const carrier = user('carrier');
    await tasks.publish(eventTypes.userRegistered, { userId: carrier.id, role: 'carrier', name: 'Gæstens Vognmand', email: 'v@example.dk', phone: '20304050' });
    await waitFor(async () => Boolean(await tasks.db('user_directory').where({ user_id: carrier.id }).first()));
    const { taskId, token } = await guestTask(uniqueEmail());
    await tasks.db('tasks').where({ id: taskId }).update({ status: 'assigned', assigned_carrier_id: carrier.id });
    const reply = await tasks.call('GET', `/tasks/${taskId}?access=${token}`);
    expect(reply.body.assigned_carrier).toMatchObject({ id: carrier.id, name: 'Gæstens Vognmand', email: 'v@example.dk', phone: '20304050' });
    const wrong = await tasks.call('GET', `/tasks/${taskId}?access=${'forkert-token-'.repeat(3)}`);
    expect(JSON.stringify(wrong.body)).not.toContain('20304050');
  });

  it('when the token is wrong or belongs to another task, then only the public view shows; without one, login is needed', async () => {
    const { taskId } = await guestTask(uniqueEmail());
    const other = await guestTask(uniqueEmail());
    for (const access of ['forkert-token-forkert-token-forkert-token', other.token!]) {
      const reply = await tasks.call('GET', `/tasks/${taskId}?access=${access}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ id: taskId, view: 'public', from_address: null, to_address: null, contact_email: null, contact_phone: null });
      expect(JSON.stringify(reply.body)).not.toContain('Vestergade');
    }
    expect((await tasks.call('GET', `/tasks/${taskId}`)).status).toBe(401);
    expect((await tasks.call('GET', `/tasks/${taskId}?access=${'x'.repeat(300)}`)).status).toBe(400);
    expect((await tasks.call('GET', `/tasks/999999?access=${other.token}`)).status).toBe(404);
  });

  it('when a signed-in customer who does not own the task yet opens the link, then the link shows the owner view; a wrong one the public view', async () => {
    const { taskId, token } = await guestTask(uniqueEmail());
    const customer = user('customer');
    expect((await tasks.call('GET', `/tasks/${taskId}?access=${token}`, { as: customer })).body).toMatchObject({ view: 'full' });
    expect((await tasks.call('GET', `/tasks/${taskId}?access=wrong-wrong-wrong-wrong-wrong`, { as: customer })).body).toMatchObject({ view: 'public', from_address: null });
  });

  it('when the link is used to change the task, then it is refused: the view is read-only', async () => {
    const { taskId, token } = await guestTask(uniqueEmail());
    const put = await tasks.call('PUT', `/tasks/${taskId}?access=${token}`, { body: { description: 'Ændret' } });
    expect(put.status).toBe(401);
    const status = await tasks.call('PATCH', `/tasks/${taskId}/status?access=${token}`, { body: { status: 'cancelled' } });
    expect(status.status).toBe(401);
  });

  it('when svc-bids asks whether a token opens the task, then only the right one does', async () => {
    const { taskId, token } = await guestTask(uniqueEmail());
    const ask = (body: object) => tasks.call('POST', `/internal/tasks/${taskId}/access`, { body, service: 'bids' });
    expect((await ask({ token })).body).toEqual({ granted: true });
    expect((await ask({ token: `${token}x` })).body).toEqual({ granted: false });
    const fromBrowser = await tasks.call('POST', `/internal/tasks/${taskId}/access`, { as: user('customer'), body: { token } });
    expect(fromBrowser.status).toBe(403);
  });
});

describe('claiming a guest\'s task (issue 24 item 5: only by the guest\'s own act)', () => {
  const claim = (taskId: number, access: string | null, as?: ReturnType<typeof user>) =>
    tasks.call('POST', `/tasks/${taskId}/claim`, { body: { access }, ...(as ? { as } : {}) });
  /** A customer account of this e-mail, verified as svc-identity announces it. */
  async function verifiedCustomer(email: string) {
    const customer = user('customer', { email });
    const marker = await tasks.publish(eventTypes.userEmailVerified, verified(customer.id, email));
    await waitFor(async () => Boolean(await tasks.db('inbox').where({ event_id: marker.id }).first()));
    return customer;
  }
  const updatesOf = async (taskId: number) =>
    (await tasks.outboxEvents(eventTypes.taskUpdated)).filter((e) => (e.data as { taskId: number }).taskId === taskId);

  it('when someone posts a task with a verified customer\'s e-mail, then it never becomes theirs by itself — not at verification, sign-in or redelivery', async () => {
    const email = uniqueEmail();
    const planted = await guestTask(email.toUpperCase());
    const customer = await verifiedCustomer(email);
    const signedIn = await tasks.publish(eventTypes.userEmailVerified, { ...verified(customer.id, email), reason: 'signed_in' });
    await waitFor(async () => Boolean(await tasks.db('inbox').where({ event_id: signedIn.id }).first()));
    expect(await ownerOf(planted.taskId)).toBeNull();
    expect(await updatesOf(planted.taskId)).toEqual([]);
    expect((await tasks.call('GET', '/tasks?mine=1', { as: customer })).body.items).toEqual([]);
    expect((await tasks.call('GET', `/tasks/${planted.taskId}`, { as: customer })).body).toMatchObject({ view: 'public', from_address: null });
  });

  it('when the verified customer presses \'Knyt opgaven til min konto\' on the link, then the task is theirs, announced once; a second press answers the same', async () => {
    const email = uniqueEmail();
    const { taskId, token } = await guestTask(email);
    const customer = await verifiedCustomer(email.toUpperCase());

    const first = await claim(taskId, token, customer);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'claimed', taskId, message: messages.guestClaimDone });
    expect(await ownerOf(taskId)).toBe(customer.id);
    expect((await updatesOf(taskId)).map((e) => e.data)).toEqual([
      expect.objectContaining({ taskId, userId: customer.id, changed: ['user_id', 'is_guest'], updatedBy: customer.id }),
    ]);
    const again = await claim(taskId, token, customer);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'claimed', taskId });
    expect(await updatesOf(taskId)).toHaveLength(1);
    const own = await tasks.call('GET', `/tasks/${taskId}`, { as: customer });
    expect(own.body).toMatchObject({ view: 'full', user_id: customer.id });
    expect((await tasks.call('GET', '/tasks?mine=1', { as: customer })).body.items.map((task: { id: number }) => task.id)).toEqual([taskId]);
  });

  it('when another account, a carrier, a wrong link or nobody tries to claim, then it is refused and the task stays the guest\'s', async () => {
    const email = uniqueEmail();
    const { taskId, token } = await guestTask(email);
    const other = await verifiedCustomer(uniqueEmail());
    const refusedOther = await claim(taskId, token, other);
    expect(refusedOther.status).toBe(403);
    expect(refusedOther.body).toEqual({ code: 'guest_claim_other_email', message: messages.guestClaimOtherEmail });
    // Even an account that somehow shows the task's e-mail, as a carrier, may not own tasks.
    const carrier = user('carrier', { email });
    expect((await claim(taskId, token, carrier)).body).toMatchObject({ code: 'customers_only', message: messages.guestClaimCustomersOnly });
    const owner = await verifiedCustomer(email);
    const wrong = await claim(taskId, `${token}x`, owner);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'guest_link_invalid', message: messages.guestLinkInvalid });
    expect((await claim(taskId, token)).status).toBe(401);
    expect((await claim(taskId, null, owner)).status).toBe(400);
    expect((await claim(999_999, token, owner)).status).toBe(404);
    expect(await ownerOf(taskId)).toBeNull();
    expect(await updatesOf(taskId)).toEqual([]);
  });

  it('when the account registered from the link is not verified yet, then the claim waits (202) and is carried out at verification — only that task', async () => {
    const email = uniqueEmail();
    const { taskId, token } = await guestTask(email);
    const untouched = await guestTask(email);
    const customer = user('customer', { email });
    const waiting = await claim(taskId, token, customer);
    expect(waiting.status).toBe(202);
    expect(waiting.body).toEqual({ status: 'pending', taskId, message: messages.guestClaimPending });
    expect(await ownerOf(taskId)).toBeNull();

    await tasks.publish(eventTypes.userEmailVerified, verified(customer.id, email));
    await waitFor(async () => (await ownerOf(taskId)) === customer.id);
    expect(await updatesOf(taskId)).toHaveLength(1);
    expect(await ownerOf(untouched.taskId)).toBeNull();
    // A redelivery or the next sign-in changes nothing more.
    const again = await tasks.publish(eventTypes.userEmailVerified, { ...verified(customer.id, email), reason: 'signed_in' });
    await waitFor(async () => Boolean(await tasks.db('inbox').where({ event_id: again.id }).first()));
    expect(await updatesOf(taskId)).toHaveLength(1);
    expect(await ownerOf(untouched.taskId)).toBeNull();
  });

  it('when the task is claimed (and later completed), then the old link shows nothing of it and says to log in; the owner still sees it', async () => {
    const email = uniqueEmail();
    const { taskId, token } = await guestTask(email);
    const customer = await verifiedCustomer(email);
    expect((await claim(taskId, token, customer)).status).toBe(200);

    for (const status of ['open_for_bids', 'completed'] as const) {
      await tasks.db('tasks').where({ id: taskId }).update({ status });
      for (const viewer of [undefined, user('customer')]) {
        const reply = await tasks.call('GET', `/tasks/${taskId}?access=${token}`, viewer ? { as: viewer } : {});
        expect(reply.status).toBe(410);
        expect(reply.body).toMatchObject({ code: 'guest_link_claimed', message: messages.guestLinkClaimed });
        expect(JSON.stringify(reply.body)).not.toContain('Vestergade');
        expect(JSON.stringify(reply.body)).not.toContain(email);
      }
    }
    // Nobody else claims it through the old link now.
    expect((await claim(taskId, token, user('customer', { email }))).status).toBe(410);
    // svc-bids no longer shows the bids through it either.
    const ask = await tasks.call('POST', `/internal/tasks/${taskId}/access`, { body: { token }, service: 'bids' });
    expect(ask.body).toEqual({ granted: false });
    // The account holding the task sees it as its own, link or not.
    expect((await tasks.call('GET', `/tasks/${taskId}?access=${token}`, { as: customer })).body).toMatchObject({ view: 'full', user_id: customer.id });
    // A wrong token on a claimed task is still only the public view.
    expect((await tasks.call('GET', `/tasks/${taskId}?access=${'forkert-token-'.repeat(3)}`)).body).toMatchObject({ view: 'public', from_address: null });
  });
});

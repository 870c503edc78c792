/**
 * The guest loop end to end through the gateway (issue 13 item 1, API.md "guest follow-up"): a guest posts with an
 * e-mail, the link is mailed, it shows the task and its bids read-only; the guest registers from the link and claims the
 * task with it ('Knyt opgaven til min konto'), which takes effect once the e-mail is verified (issue 24 item 5: never by
 * the e-mail alone), and then chooses and pays as any customer.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { password, taskBody, until, worldForSuite, type Actor } from './testing/world';

const world = worldForSuite();

describe('the guest loop', () => {
  it('when a guest posts, follows the mailed link, registers from it, claims the task and verifies that e-mail, then the task and its bids are theirs to choose and pay', async () => {
    const { request, actors } = world();
    const email = `gaest-${Date.now()}@example.dk`;
    const anonymous = actors.anonymous;

    const created = await request('POST', '/tasks', { json: { ...taskBody, contact_email: email }, headers: { 'idempotency-key': randomUUID() } });
    expect(created.status).toBe(201);
    const taskId = created.body.id as number;

    const mail = await until('the guest link mail', async () => {
      const box = await request('GET', `/dev/mail?to=${encodeURIComponent(email)}`);
      return (box.body?.items as Array<{ subject: string; text: string }> | undefined)?.find((item) => item.subject.includes(`#${taskId}`));
    });
    const link = new URL(mail.text.match(/https?:\/\/\S+\/task\/\d+\?access=[\w-]+/)![0]);
    expect(link.pathname).toBe(`/task/${taskId}`);
    const access = link.searchParams.get('access')!;
    // The guest's own answer carried the same private link (the confirmation page links to it).
    expect(created.body.access_token).toBe(access);

    const bid = await until('a bid', async () => {
      const placed = await request('POST', '/bids', { as: actors.uninvolved, json: { taskId, price: 1000 } });
      return placed.status === 201 ? placed : undefined;
    });
    const bidId = bid.body.id as number;

    // The link: the owner's view and the bids in gross prices, without a session.
    const viaLink = await request('GET', `/tasks/${taskId}?access=${access}`, { as: anonymous });
    expect(viaLink.body).toMatchObject({ id: taskId, view: 'full', contact_email: email, from_address: taskBody.from_address });
    const bidsViaLink = await request('GET', `/tasks/${taskId}/bids?access=${access}`, { as: anonymous });
    expect(bidsViaLink.status).toBe(200);
    expect(bidsViaLink.body.items).toMatchObject([{ id: bidId, view: 'customer', quote: { total: 1400 } }]);
    // A wrong token: nothing private.
    const wrong = await request('GET', `/tasks/${taskId}?access=${access.slice(0, -2)}xx`, { as: anonymous });
    expect(wrong.body).toMatchObject({ view: 'public', from_address: null, contact_email: null });
    expect((await request('GET', `/tasks/${taskId}/bids?access=${access.slice(0, -2)}xx`, { as: anonymous })).status).toBe(401);
    // Nor does the link choose a bid.
    expect((await request('POST', `/bids/${bidId}/accept?access=${access}`, { as: anonymous, json: {} })).status).toBe(401);

    // Registering with the e-mail, still unverified: nothing is claimed by that, also not at the next sign-in.
    const registered = await request('POST', '/auth/register', { json: { name: 'Gitte Gæst', email, password, role: 'customer', acceptTerms: true } });
    expect(registered.status).toBe(201);
    const login = await request('POST', '/auth/login', { json: { email, password } });
    const customer: Actor = { name: 'customerB', id: registered.body.user.id, cookie: login.headers.get('set-cookie')!.split(';')[0]! };
    const verifyMail = await until('the verification mail', async () => {
      const box = await request('GET', `/dev/mail?to=${encodeURIComponent(email)}`);
      return (box.body?.items as Array<{ subject: string; text: string }> | undefined)?.find((item) => item.subject.includes('Bekræft'));
    });
    expect((await request('GET', '/tasks?mine=1', { as: customer })).body.items).toEqual([]);
    expect((await request('GET', `/tasks/${taskId}/bids`, { as: customer })).status).toBe(403);

    // The guest's own act: 'Knyt opgaven til min konto' with the link — waiting for the e-mail to be verified.
    const claim = await request('POST', `/tasks/${taskId}/claim`, { as: customer, json: { access } });
    expect(claim.status).toBe(202);
    expect(claim.body).toMatchObject({ status: 'pending', message: messages.guestClaimPending });
    expect((await request('GET', '/tasks?mine=1', { as: customer })).body.items).toEqual([]);

    // Verified: the task is theirs, with its bid.
    const token = verifyMail.text.match(/[?&]token=([\w-]+)/)![1];
    expect((await request('POST', '/auth/verify-email', { json: { token } })).status).toBe(200);
    const mine = await until('the claimed task', async () => {
      const reply = await request('GET', '/tasks?mine=1', { as: customer });
      return reply.body.items?.length ? (reply.body.items as Array<{ id: number; user_id: number }>) : undefined;
    });
    expect(mine).toMatchObject([{ id: taskId, user_id: customer.id }]);
    // The old link no longer shows the claimed task to whoever holds it: it says to log in; the bids stay closed.
    const oldLink = await request('GET', `/tasks/${taskId}?access=${access}`, { as: anonymous });
    expect(oldLink.status).toBe(410);
    expect(oldLink.body).toMatchObject({ code: 'guest_link_claimed', message: messages.guestLinkClaimed });
    expect(JSON.stringify(oldLink.body)).not.toContain(email);
    expect((await request('GET', `/tasks/${taskId}/bids?access=${access}`, { as: anonymous })).status).toBe(401);

    const accepted = await until('the owner may choose', async () => {
      const reply = await request('POST', `/bids/${bidId}/accept`, { as: customer, json: {} });
      return reply.status === 200 ? reply : undefined;
    });
    expect(accepted.body).toMatchObject({ id: bidId, status: 'accepted' });
    const intent = await until('a payment intent', async () => {
      const reply = await request('POST', '/payments/intents', { as: customer, json: { taskId }, headers: { 'idempotency-key': randomUUID() } });
      return reply.status === 200 ? reply : undefined;
    });
    const paid = await request('POST', `/payments/mock/${intent.body.paymentIntentId}/complete`, { as: customer, json: {} });
    expect(paid.body.paid).toBe(true);
    await until('the task paid in svc-tasks', async () => {
      const reply = await request('GET', `/tasks/${taskId}`, { as: customer });
      return reply.body.status === 'paid' ? true : undefined;
    });
  }, 60_000);
});

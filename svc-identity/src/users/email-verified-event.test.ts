/**
 * The guest follow-up, svc-identity's part (issue 13): identity.user.email_verified says a user holds a verified e-mail
 * (on verification and at each sign-in with it), and only then — svc-tasks attaches a guest's tasks on it; the guest's
 * link (tasks.guest_link.issued) is mailed to the contact e-mail.
 */
import { randomUUID } from 'node:crypto';
import { eventTypes, guestLinkSealPurpose, type EventEnvelope } from '@fragtbud/contracts';
import { sealSecret } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, publishedEvent, registerUser, startIdentity, tokenIn, uniqueEmail, waitForMail, type StartedIdentity } from '../test-harness';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity({ PUBLIC_ORIGIN: 'https://fragtbud.example' });
});
afterAll(async () => {
  await identity?.close();
});

const verifiedEventsOf = (userId: number) =>
  identity.published.filter((e) => e.type === eventTypes.userEmailVerified && (e.data as { userId: number }).userId === userId);

describe('identity.user.email_verified', () => {
  it('when a user registers and signs in unverified, then nothing is announced; once verified, it is — and at each later sign-in', async () => {
    const { user, password } = await registerUser(identity);
    await login(identity, user.email, password);
    // The registration's own events have come through the bus by now: none says the e-mail is verified.
    await publishedEvent(identity, eventTypes.userRegistered, user.id);
    expect(verifiedEventsOf(user.id)).toEqual([]);

    const token = tokenIn(await waitForMail(identity, user.email, /Bekræft/));
    expect((await identity.call('POST', '/auth/verify-email', { body: { token } })).status).toBe(200);
    const verified = await publishedEvent(identity, eventTypes.userEmailVerified, user.id);
    expect(verified.data).toEqual({ userId: user.id, email: user.email, role: 'customer', reason: 'verified' });

    await login(identity, user.email, password);
    await expect.poll(() => verifiedEventsOf(user.id).map((e) => (e.data as { reason: string }).reason)).toEqual(['verified', 'signed_in']);
  });

  it('when a carrier verifies, then the event names the role (svc-tasks attaches tasks to customers only)', async () => {
    const { user } = await registerUser(identity, { role: 'carrier', company: 'Fragt ApS' });
    const token = tokenIn(await waitForMail(identity, user.email, /Bekræft/));
    await identity.call('POST', '/auth/verify-email', { body: { token } });
    expect((await publishedEvent(identity, eventTypes.userEmailVerified, user.id)).data).toMatchObject({ role: 'carrier' });
  });
});

describe('the guest follow-up mail', () => {
  it('when svc-tasks issues a guest link, then the contact e-mail gets the link to the task with its token, unsealed', async () => {
    const email = uniqueEmail('gaest');
    const accessToken = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type: eventTypes.guestLinkIssued,
      occurredAt: new Date().toISOString(),
      correlationId: randomUUID(),
      data: { taskId: 4711, email, sealedAccessToken: sealSecret(identity.config.INTERNAL_TOKEN_SECRET, guestLinkSealPurpose, accessToken) },
    };
    await identity.infra.bus.publish(envelope);
    const mail = await waitForMail(identity, email, /Din opgave #4711 er oprettet/);
    expect(mail.text).toContain(`https://fragtbud.example/task/4711?access=${accessToken}`);
    expect(mail.text).toContain("Opret en konto eller log ind med denne e-mail, og tryk 'Knyt opgaven til min konto' på opgavens side for at vælge et bud og betale.");
    expect(mail.html).toContain(`href="https://fragtbud.example/task/4711?access=${accessToken}"`);
  });
});

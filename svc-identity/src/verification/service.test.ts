import { messages } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  days,
  mailsTo,
  registerUser,
  startIdentity,
  tokenIn,
  uniqueEmail,
  waitForMail,
  type StartedIdentity, bearerTransport } from '../test-harness';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity({ PUBLIC_ORIGIN: 'https://fragtbud.example' });
});
afterAll(async () => {
  await identity?.close();
});

describe('e-mail verification', () => {
  it('when a user registers, then a verification link is mailed and the user is not verified yet', async () => {
    const { user } = await registerUser(identity);
    expect(user).toMatchObject({ emailVerified: false });
    const mail = await waitForMail(identity, user.email, /Bekræft din e-mail/);
    expect(mail.text).toMatch(/https:\/\/fragtbud\.example\/verify-email\?token=[\w-]{43}/);
    expect(mail.html).toContain('href="https://fragtbud.example/verify-email?token=');
  });

  it('when the registration carries next (a same-site path), then the link carries it; another site is dropped', async () => {
    const email = uniqueEmail('customer');
    const reply = await identity.call('POST', '/auth/register', {
      body: { name: 'Gæst Testesen', email, password: 'hemmelig1', role: 'customer', acceptTerms: true, next: '/task/12?access=abc' },
      headers: bearerTransport,
    });
    expect(reply.status).toBe(201);
    const mail = await waitForMail(identity, email, /Bekræft din e-mail/);
    expect(mail.text).toMatch(/verify-email\?token=[\w-]{43}&next=%2Ftask%2F12%3Faccess%3Dabc/);

    const other = uniqueEmail('customer');
    const elsewhere = await identity.call('POST', '/auth/register', {
      body: { name: 'Gæst To', email: other, password: 'hemmelig1', role: 'customer', acceptTerms: true, next: '//evil.example/x' },
      headers: bearerTransport,
    });
    expect(elsewhere.status).toBe(201);
    expect((await waitForMail(identity, other, /Bekræft din e-mail/)).text).not.toContain('next=');
  });

  it('when the link is used, then the e-mail is verified; the same link a second time is refused', async () => {
    const { user, token: session } = await registerUser(identity);
    const token = tokenIn(await waitForMail(identity, user.email, /Bekræft/));
    const first = await identity.call('POST', '/auth/verify-email', { body: { token } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: messages.emailVerified });
    const profile = await identity.call('GET', '/auth/profile', { session });
    expect(profile.body.user.emailVerified).toBe(true);
    const again = await identity.call('POST', '/auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'verify_link_invalid', message: messages.verifyLinkInvalid });
  });

  it('when the link is older than a day, then it no longer works', async () => {
    const { user } = await registerUser(identity);
    const token = tokenIn(await waitForMail(identity, user.email, /Bekræft/));
    identity.clock.advance(days(1) + 60_000);
    const reply = await identity.call('POST', '/auth/verify-email', { body: { token } });
    expect(reply.status).toBe(400);
  });

  it('when a new link is asked for, then it is mailed and the earlier one stops working', async () => {
    const { user } = await registerUser(identity);
    const first = tokenIn(await waitForMail(identity, user.email, /Bekræft/));
    const reply = await identity.call('POST', '/auth/verify-request', { body: { email: user.email } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: messages.verificationMailSent });
    const mails = await (async () => {
      for (let i = 0; i < 50; i += 1) {
        const items = await mailsTo(identity, user.email);
        if (items.length >= 2) return items;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('second mail did not come');
    })();
    const second = tokenIn(mails[0]!);
    expect(second).not.toBe(first);
    expect((await identity.call('POST', '/auth/verify-email', { body: { token: first } })).status).toBe(400);
    expect((await identity.call('POST', '/auth/verify-email', { body: { token: second } })).status).toBe(200);
  });

  it('when a link is asked for an unknown e-mail, then the answer is the same and nothing is mailed', async () => {
    const email = uniqueEmail('ukendt');
    const reply = await identity.call('POST', '/auth/verify-request', { body: { email } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: messages.verificationMailSent });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(identity, email)).toEqual([]);
  });

  it('when the token is malformed, then 400 with Danish text', async () => {
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(500) }, { token: 42 }]) {
      const reply = await identity.call('POST', '/auth/verify-email', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('EMAIL_VERIFICATION=required', () => {
  it('when an unverified user logs in, then 403 email_not_verified; once verified, the login works', async () => {
    const strict = await startIdentity({ EMAIL_VERIFICATION: 'required' });
    try {
      const { user, password } = await registerUser(strict);
      const refused = await strict.call('POST', '/auth/login', { headers: bearerTransport, body: { email: user.email, password } });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: 'email_not_verified', message: messages.emailNotVerified });
      expect(messages.emailNotVerified.startsWith('Din e-mail er ikke bekræftet')).toBe(true);
      expect(refused.headers.get('set-cookie')).toBeNull();
      const token = tokenIn(await waitForMail(strict, user.email, /Bekræft/));
      expect((await strict.call('POST', '/auth/verify-email', { body: { token } })).status).toBe(200);
      const allowed = await strict.call('POST', '/auth/login', { headers: bearerTransport, body: { email: user.email, password } });
      expect(allowed.status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('when verification is optional (the default), then an unverified user logs in', async () => {
    const { user, password } = await registerUser(identity);
    const reply = await identity.call('POST', '/auth/login', { headers: bearerTransport, body: { email: user.email, password } });
    expect(reply.status).toBe(200);
    expect(reply.body.user.emailVerified).toBe(false);
  });
});

describe('GET /dev/mail', () => {
  it('when mail is sent over SMTP, then the development mailbox does not exist (404)', async () => {
    const smtp = await startIdentity({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const reply = await smtp.call('GET', '/dev/mail');
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe('not_found');
    } finally {
      await smtp.close();
    }
  });

  it('when asked without a recipient, then the newest mails of everyone come back, newest first', async () => {
    const { user } = await registerUser(identity);
    await waitForMail(identity, user.email, /Bekræft/);
    const reply = await identity.call('GET', '/dev/mail');
    expect(reply.status).toBe(200);
    expect(reply.body.items[0]).toMatchObject({ to: user.email });
    expect(Object.keys(reply.body.items[0]).sort()).toEqual(['created_at', 'html', 'subject', 'text', 'to']);
  });
});

import { messages, securityTexts } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  mailsTo,
  minutes,
  registerUser,
  startIdentity,
  tokenIn,
  uniqueEmail,
  waitForMail,
  type StartedIdentity, bearerTransport } from '../test-harness';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

const resolves = async (token: string) =>
  (await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } })).status === 200;

async function resetLinkFor(email: string): Promise<string> {
  const reply = await identity.call('POST', '/auth/forgot-password', { body: { email } });
  expect(reply.status).toBe(200);
  return tokenIn(await waitForMail(identity, email, /Nulstil din adgangskode/));
}

describe('POST /auth/forgot-password', () => {
  it('when the e-mail is known or unknown, then the answer is exactly the same; only the known one gets a mail', async () => {
    const { user } = await registerUser(identity);
    const unknown = uniqueEmail('ingen');
    const known = await identity.call('POST', '/auth/forgot-password', { body: { email: user.email } });
    const other = await identity.call('POST', '/auth/forgot-password', { body: { email: unknown } });
    expect(known.status).toBe(200);
    expect(other.status).toBe(known.status);
    expect(other.body).toEqual(known.body);
    expect(known.body).toEqual({ message: messages.resetMailSent });
    const mail = await waitForMail(identity, user.email, /Nulstil/);
    expect(mail.text).toMatch(/http:\/\/localhost:8080\/reset-password\?token=[\w-]{43}/);
    expect(mail.text).toContain('1 time');
    expect(await mailsTo(identity, unknown)).toEqual([]);
  });

  it('when the e-mail is not an e-mail, then 400 in Danish', async () => {
    const reply = await identity.call('POST', '/auth/forgot-password', { body: { email: 'ikke-en-mail' } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(messages.emailInvalid);
  });
});

describe('reset and verification mails throttled per e-mail and per address (issue 24)', () => {
  const ask = (path: string, email: string, ip: string) =>
    identity.call('POST', path, { client: { ip, https: false }, body: { email } });
  /** Mails queued (in the request's transaction) to that address with that template. */
  const queued = async (to: string, template: string) => (await identity.db('mail_outbox').where({ to, template })).length;

  it('when one e-mail asks for a fourth reset mail within the hour, then a Danish 429 with Retry-After, no fourth mail, and the same for an unknown e-mail', async () => {
    const { user } = await registerUser(identity);
    const unknown = uniqueEmail('ingen');
    for (const email of [user.email, unknown]) {
      for (let i = 0; i < 3; i += 1) expect((await ask('/auth/forgot-password', email, `10.31.0.${i}`)).status).toBe(200);
    }
    const refused = await ask('/auth/forgot-password', user.email, '10.31.0.9');
    const refusedUnknown = await ask('/auth/forgot-password', unknown, '10.31.0.9');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'too_many_mails', message: securityTexts.accountMailThrottled(60) });
    expect(refused.headers.get('retry-after')).toBe('3600');
    // Whether the account exists does not show in the answer.
    expect(refusedUnknown.status).toBe(429);
    expect(refusedUnknown.body).toEqual(refused.body);
    expect(await queued(user.email, 'reset_password')).toBe(3);

    identity.clock.advance(minutes(61));
    expect((await ask('/auth/forgot-password', user.email, '10.31.0.9')).status).toBe(200);
    expect(await queued(user.email, 'reset_password')).toBe(4);
  });

  it('when one address asks for reset mails for eleven e-mails within the hour, then the eleventh gets 429 and another address still gets its mail', async () => {
    const users = await Promise.all(Array.from({ length: 11 }, () => registerUser(identity)));
    const statuses = [];
    for (const { user } of users) statuses.push((await ask('/auth/forgot-password', user.email, '10.31.1.1')).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(await queued(users[10]!.user.email, 'reset_password')).toBe(0);
    expect((await ask('/auth/forgot-password', users[10]!.user.email, '10.31.1.2')).status).toBe(200);
    expect(await queued(users[10]!.user.email, 'reset_password')).toBe(1);
  });

  it('when one e-mail asks for a fourth verification mail within the hour, then 429 with Retry-After and no fourth mail', async () => {
    const { user } = await registerUser(identity);
    for (let i = 0; i < 3; i += 1) expect((await ask('/auth/verify-request', user.email, `10.31.2.${i}`)).status).toBe(200);
    const refused = await ask('/auth/verify-request', user.email, '10.31.2.9');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_mails');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The registration's own mail plus three asked for.
    expect(await queued(user.email, 'verify_email')).toBe(4);
  });

  it('when one address asks for verification mails for eleven e-mails within the hour, then the eleventh gets 429', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await ask('/auth/verify-request', uniqueEmail('ukendt'), '10.31.3.1')).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('when twenty reset mails are asked for one e-mail at once, then exactly three are queued', async () => {
    const { user } = await registerUser(identity);
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => ask('/auth/forgot-password', user.email, `10.31.4.${i}`)));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(3);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(17);
    expect(await queued(user.email, 'reset_password')).toBe(3);
  });
});

describe('POST /auth/reset-password with the mailed token', () => {
  it('when the token is used, then the new password works, the old does not, and every session ended', async () => {
    const { user, password, token: session } = await registerUser(identity);
    const other = await login(identity, user.email, password);
    const token = await resetLinkFor(user.email);
    const reply = await identity.call('POST', '/auth/reset-password', { body: { token, newPassword: 'nyt-kodeord-42' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: messages.passwordChanged });
    expect(await resolves(session)).toBe(false);
    expect(await resolves(other)).toBe(false);
    expect((await identity.call('POST', '/auth/login', { headers: bearerTransport, body: { email: user.email, password } })).status).toBe(401);
    expect((await identity.call('POST', '/auth/login', { headers: bearerTransport, body: { email: user.email, password: 'nyt-kodeord-42' } })).status).toBe(200);
  });

  it('when the token is used a second time, then 400 reset_link_used says it was used, and the password stays', async () => {
    const { user } = await registerUser(identity);
    const token = await resetLinkFor(user.email);
    expect((await identity.call('POST', '/auth/reset-password', { body: { token, newPassword: 'forste-nye' } })).status).toBe(200);
    const again = await identity.call('POST', '/auth/reset-password', { body: { token, newPassword: 'anden-nye' } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'reset_link_used', message: messages.resetLinkUsed });
    expect((await identity.call('POST', '/auth/login', { headers: bearerTransport, body: { email: user.email, password: 'forste-nye' } })).status).toBe(200);
  });

  it('when more than an hour has passed, then the token is refused', async () => {
    const { user } = await registerUser(identity);
    const token = await resetLinkFor(user.email);
    identity.clock.advance(minutes(61));
    const reply = await identity.call('POST', '/auth/reset-password', { body: { token, newPassword: 'for-sent-1' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'reset_link_expired', message: messages.resetLinkExpired });
  });

  it('when a newer link was sent, then the older one is unknown: 400 reset_link_invalid', async () => {
    const { user } = await registerUser(identity);
    const older = await resetLinkFor(user.email);
    identity.clock.advance(minutes(2));
    expect((await identity.call('POST', '/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
    const reply = await identity.call('POST', '/auth/reset-password', { body: { token: older, newPassword: 'gammelt-link-1' } });
    expect(reply.body).toEqual({ code: 'reset_link_invalid', message: messages.resetLinkInvalid });
  });

  it('when the new password is on the list of common passwords, then 400 and the token still works afterwards', async () => {
    const { user } = await registerUser(identity);
    const token = await resetLinkFor(user.email);
    const common = await identity.call('POST', '/auth/reset-password', { body: { token, newPassword: 'Password123' } });
    expect(common.status).toBe(400);
    expect(common.body).toEqual({
      code: 'password_too_common',
      message: messages.passwordTooCommon,
      details: [{ path: 'newPassword', message: messages.passwordTooCommon }],
    });
    expect((await identity.call('POST', '/auth/reset-password', { body: { token, newPassword: 'sjælden-kode-9' } })).status).toBe(200);
  });

  it('when the new password is too short, then 400 names the field', async () => {
    const reply = await identity.call('POST', '/auth/reset-password', { body: { token: 'x'.repeat(43), newPassword: '123' } });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toContainEqual({ path: 'newPassword', message: messages.passwordTooShort });
  });

  it('when a token is made up, then 400 reset_link_invalid', async () => {
    const reply = await identity.call('POST', '/auth/reset-password', { body: { token: 'a'.repeat(43), newPassword: 'gyldig-kode' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'reset_link_invalid', message: messages.resetLinkInvalid });
  });
});

describe('POST /auth/reset-password from the profile (current + new)', () => {
  it('when the current password is right, then it changes, this session lives and the other sessions end', async () => {
    const { user, password, token: current } = await registerUser(identity);
    const other = await login(identity, user.email, password);
    const reply = await identity.call('POST', '/auth/reset-password', {
      session: current,
      body: { currentPassword: password, newPassword: 'helt-ny-kode' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: 'Adgangskode ændret succesfuldt' });
    expect(await resolves(current)).toBe(true);
    expect(await resolves(other)).toBe(false);
    expect((await identity.call('POST', '/auth/login', { headers: bearerTransport, body: { email: user.email, password: 'helt-ny-kode' } })).status).toBe(200);
  });

  it('when the current password is wrong, then 400 and nothing changes', async () => {
    const { user, password, token } = await registerUser(identity);
    const reply = await identity.call('POST', '/auth/reset-password', {
      session: token,
      body: { currentPassword: 'forkert-kode', newPassword: 'helt-ny-kode' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('current_password_wrong');
    expect(reply.body.message).toBe(messages.currentPasswordWrong);
    expect((await identity.call('POST', '/auth/login', { headers: bearerTransport, body: { email: user.email, password } })).status).toBe(200);
  });

  it('when nobody is logged in, then a change with the current password is 401', async () => {
    const reply = await identity.call('POST', '/auth/reset-password', { body: { currentPassword: 'a', newPassword: 'helt-ny-kode' } });
    expect(reply.status).toBe(401);
  });

  it('when both or neither of token and current password come, then 400', async () => {
    for (const body of [{ newPassword: 'helt-ny-kode' }, { token: 'x'.repeat(43), currentPassword: 'abc', newPassword: 'helt-ny-kode' }]) {
      const reply = await identity.call('POST', '/auth/reset-password', { body });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(messages.passwordResetChoice);
    }
  });
});

describe('common passwords at registration', () => {
  it('when someone registers with a common password, then 400 names the password field', async () => {
    const reply = await identity.call('POST', '/auth/register', {
      body: { name: 'Almindelig', email: uniqueEmail(), password: 'qwerty123', role: 'customer', acceptTerms: true },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual([{ path: 'password', message: messages.passwordTooCommon }]);
  });
});

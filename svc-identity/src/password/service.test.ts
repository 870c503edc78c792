import { messages } from '@fragtbud/contracts';
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

  it('when the token is used a second time, then 400 and the password stays', async () => {
    const { user } = await registerUser(identity);
    const token = await resetLinkFor(user.email);
    expect((await identity.call('POST', '/auth/reset-password', { body: { token, newPassword: 'forste-nye' } })).status).toBe(200);
    const again = await identity.call('POST', '/auth/reset-password', { body: { token, newPassword: 'anden-nye' } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 'reset_link_invalid', message: messages.resetLinkInvalid });
    expect((await identity.call('POST', '/auth/login', { headers: bearerTransport, body: { email: user.email, password: 'forste-nye' } })).status).toBe(200);
  });

  it('when more than an hour has passed, then the token is refused', async () => {
    const { user } = await registerUser(identity);
    const token = await resetLinkFor(user.email);
    identity.clock.advance(minutes(61));
    const reply = await identity.call('POST', '/auth/reset-password', { body: { token, newPassword: 'for-sent-1' } });
    expect(reply.status).toBe(400);
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
    expect(reply.body.code).toBe('reset_link_invalid');
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

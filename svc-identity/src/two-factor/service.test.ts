import { messages, securityTexts, twoFactorRequiredResponseSchema } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, minutes, registerUser, startIdentity, waitForMail, type Registered, type StartedIdentity, bearerTransport } from '../test-harness';
import { totpCodeAt } from './totp';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

const step = 30_000;
const codeNow = (secret: string, offsetMs = 0) => totpCodeAt(secret, new Date(identity.clock.now().getTime() + offsetMs));

interface WithTwoFactor extends Registered {
  secret: string;
  recoveryCodes: string[];
}

/** A user who went through the three steps of the profile's setup. */
async function userWithTwoFactor(): Promise<WithTwoFactor> {
  const registered = await registerUser(identity);
  const setup = await identity.call('POST', '/auth/2fa/setup', { session: registered.token });
  expect(setup.status).toBe(200);
  const enabled = await identity.call('POST', '/auth/2fa/enable', {
    session: registered.token,
    body: { code: codeNow(setup.body.base32) },
  });
  expect(enabled.status).toBe(200);
  // The code used for enabling is spent; the login tests start a step later.
  identity.clock.advance(step);
  return { ...registered, secret: setup.body.base32, recoveryCodes: enabled.body.recoveryCodes };
}

async function challengeFor(user: Registered): Promise<string> {
  const reply = await identity.call('POST', '/auth/login', { headers: bearerTransport, body: { email: user.user.email, password: user.password } });
  expect(reply.status).toBe(200);
  return twoFactorRequiredResponseSchema.parse(reply.body).challenge;
}

const verify = (email: string, challenge: string, code: string) =>
  identity.call('POST', '/auth/2fa/email/verify', { headers: bearerTransport, body: { email, challenge, code } });

describe('two-factor setup in the profile', () => {
  it('when setup starts, then a QR image and the secret come back and two-factor waits for a code', async () => {
    const { token } = await registerUser(identity);
    const setup = await identity.call('POST', '/auth/2fa/setup', { session: token });
    expect(setup.status).toBe(200);
    expect(setup.body.qr).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.base32).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toContain('otpauth://totp/Fragtbud:');
    const status = await identity.call('GET', '/auth/2fa', { session: token });
    expect(status.body).toEqual({ enabled: false, pending: true, recoveryCodesLeft: 0 });
  });

  it('when the secret is stored, then only encrypted', async () => {
    const { user, token } = await registerUser(identity);
    const setup = await identity.call('POST', '/auth/2fa/setup', { session: token });
    const row = await identity.db('users').where({ id: user.id }).first();
    expect(row.totp_pending_secret_enc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(setup.body.base32);
  });

  it('when the first code is wrong, then 400 in Danish and two-factor stays off', async () => {
    const { token } = await registerUser(identity);
    const setup = await identity.call('POST', '/auth/2fa/setup', { session: token });
    const wrongCode = codeNow(setup.body.base32, 5 * step);
    const reply = await identity.call('POST', '/auth/2fa/enable', { session: token, body: { code: wrongCode } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(messages.twoFactorCodeNotValid);
    expect((await identity.call('GET', '/auth/2fa', { session: token })).body.enabled).toBe(false);
  });

  it('when the code is not six digits, then 400 with the profile text', async () => {
    const { token } = await registerUser(identity);
    const reply = await identity.call('POST', '/auth/2fa/enable', { session: token, body: { code: '12a' } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Indtast 6-cifret kode fra din autentifikator-app.');
  });

  it('when enabling without setup, then 409', async () => {
    const { token } = await registerUser(identity);
    const reply = await identity.call('POST', '/auth/2fa/enable', { session: token, body: { code: '123456' } });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('two_factor_not_started');
  });

  it('when the right code comes, then two-factor is on and ten different recovery codes are shown once', async () => {
    const user = await userWithTwoFactor();
    expect(user.recoveryCodes).toHaveLength(10);
    expect(new Set(user.recoveryCodes).size).toBe(10);
    for (const code of user.recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const status = await identity.call('GET', '/auth/2fa', { session: user.token });
    expect(status.body).toEqual({ enabled: true, pending: false, recoveryCodesLeft: 10 });
    const profile = await identity.call('GET', '/auth/profile', { session: user.token });
    expect(profile.body.user.twoFactorEnabled).toBe(true);
    const rows = await identity.db('recovery_codes').where({ user_id: user.user.id });
    expect(JSON.stringify(rows)).not.toContain(user.recoveryCodes[0]);
    const again = await identity.call('POST', '/auth/2fa/setup', { session: user.token });
    expect(again.status).toBe(409);
  });
});

describe('login with two-factor on', () => {
  it('when the password is right, then the answer is {twoFactorRequired, challenge} with no token and no cookie', async () => {
    const user = await userWithTwoFactor();
    const before = await identity.db('sessions').where({ user_id: user.user.id }).count({ n: '*' });
    const reply = await identity.call('POST', '/auth/login', { headers: bearerTransport, body: { email: user.user.email, password: user.password } });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['challenge', 'twoFactorRequired']);
    expect(reply.body.twoFactorRequired).toBe(true);
    expect(reply.headers.get('set-cookie')).toBeNull();
    const after = await identity.db('sessions').where({ user_id: user.user.id }).count({ n: '*' });
    expect(after).toEqual(before);
  });

  it('when the authenticator code comes with the challenge, then a session like a login; the challenge is single-use', async () => {
    const user = await userWithTwoFactor();
    const challenge = await challengeFor(user);
    const reply = await verify(user.user.email, challenge, codeNow(user.secret));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, user: { id: user.user.id } });
    expect(reply.headers.get('set-cookie')).toContain(`session=${reply.body.token}`);
    identity.clock.advance(step);
    const again = await verify(user.user.email, challenge, codeNow(user.secret));
    expect(again.status).toBe(401);
  });

  it('when a code comes without a valid challenge, then never a session', async () => {
    const user = await userWithTwoFactor();
    for (const challenge of ['x'.repeat(43), 'ikke-en-udfordring-overhovedet']) {
      const reply = await verify(user.user.email, challenge, codeNow(user.secret));
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ code: 'invalid_code', message: 'Ugyldig eller udløbet kode.' });
    }
    const missing = await identity.call('POST', '/auth/2fa/email/verify', { headers: bearerTransport, body: { email: user.user.email, code: codeNow(user.secret) } });
    expect(missing.status).toBe(400);
  });

  it("when the challenge belongs to someone else's e-mail, then 401", async () => {
    const user = await userWithTwoFactor();
    const other = await userWithTwoFactor();
    const challenge = await challengeFor(user);
    const reply = await verify(other.user.email, challenge, codeNow(other.secret));
    expect(reply.status).toBe(401);
  });

  it('when the code is one step early or late, then it works; two steps away, then not', async () => {
    const user = await userWithTwoFactor();
    // Away from the step spent on enabling.
    identity.clock.advance(2 * step);
    expect((await verify(user.user.email, await challengeFor(user), codeNow(user.secret, -2 * step))).status).toBe(401);
    expect((await verify(user.user.email, await challengeFor(user), codeNow(user.secret, 2 * step))).status).toBe(401);
    expect((await verify(user.user.email, await challengeFor(user), codeNow(user.secret, -step))).status).toBe(200);
    identity.clock.advance(2 * step);
    expect((await verify(user.user.email, await challengeFor(user), codeNow(user.secret, step))).status).toBe(200);
  });

  it('when an authenticator code was used once, then the same code does not sign in again', async () => {
    const user = await userWithTwoFactor();
    const code = codeNow(user.secret);
    expect((await verify(user.user.email, await challengeFor(user), code)).status).toBe(200);
    expect((await verify(user.user.email, await challengeFor(user), code)).status).toBe(401);
  });

  it('when five wrong codes come, then the challenge is over even for the right code', async () => {
    const user = await userWithTwoFactor();
    const challenge = await challengeFor(user);
    const right = codeNow(user.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await verify(user.user.email, challenge, wrong)).status).toBe(401);
    expect((await verify(user.user.email, challenge, right)).status).toBe(401);
    // A new login gives a new challenge.
    expect((await verify(user.user.email, await challengeFor(user), right)).status).toBe(200);
  });

  it('when the challenge is older than ten minutes, then it is refused', async () => {
    const user = await userWithTwoFactor();
    const challenge = await challengeFor(user);
    identity.clock.advance(11 * 60_000);
    expect((await verify(user.user.email, challenge, codeNow(user.secret))).status).toBe(401);
  });

  it('when a recovery code is used, then it signs in once and never again', async () => {
    const user = await userWithTwoFactor();
    const recovery = user.recoveryCodes[3]!;
    expect((await verify(user.user.email, await challengeFor(user), recovery.toUpperCase())).status).toBe(200);
    expect((await verify(user.user.email, await challengeFor(user), recovery)).status).toBe(401);
    const status = await identity.call('GET', '/auth/2fa', { session: user.token });
    expect(status.body.recoveryCodesLeft).toBe(9);
  });

  it('when the code is asked for by e-mail, then the mailed code signs in', async () => {
    const user = await userWithTwoFactor();
    const challenge = await challengeFor(user);
    const request = await identity.call('POST', '/auth/2fa/email/request', { body: { email: user.user.email, challenge } });
    expect(request.status).toBe(200);
    const mail = await waitForMail(identity, user.user.email, /Din loginkode/);
    const code = mail.subject.match(/(\d{6})/)?.[1] ?? '';
    expect(mail.text).toContain(code);
    const reply = await verify(user.user.email, challenge, code);
    expect(reply.status).toBe(200);
    expect(reply.body.token).toBeTruthy();
  });

  it('when a mailed code is asked for without a challenge from the password step, then 401 and no mail', async () => {
    const user = await userWithTwoFactor();
    const reply = await identity.call('POST', '/auth/2fa/email/request', { body: { email: user.user.email, challenge: 'y'.repeat(43) } });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe(messages.invalidOrExpiredCode);
  });

  it('when a new mailed code is asked for within 30 seconds, then 429 Kunne ikke sende ny kode', async () => {
    const user = await userWithTwoFactor();
    const challenge = await challengeFor(user);
    const request = () => identity.call('POST', '/auth/2fa/email/request', { body: { email: user.user.email, challenge } });
    expect((await request()).status).toBe(200);
    const tooSoon = await request();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toBe('Kunne ikke sende ny kode. Prøv igen om lidt.');
    identity.clock.advance(31_000);
    expect((await request()).status).toBe(200);
  });
});

describe('wrong codes counted per account and per address (issue 24)', () => {
  const verifyFrom = (ip: string, email: string, challenge: string, code: string) =>
    identity.call('POST', '/auth/2fa/email/verify', { headers: bearerTransport, client: { ip, https: false }, body: { email, challenge, code } });
  const wrongFor = (user: WithTwoFactor) => (codeNow(user.secret) === '000000' ? '111111' : '000000');

  it('when wrong codes come over six challenges from two addresses, then the account budget of 10 holds, the right code is refused during the lockout and the user is mailed', async () => {
    const user = await userWithTwoFactor();
    const addresses = ['10.24.1.1', '10.24.1.2'];
    const statuses: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      // Every new right password gives a new challenge; the count goes on across them.
      const challenge = await challengeFor(user);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        statuses.push((await verifyFrom(addresses[(round + attempt) % 2]!, user.user.email, challenge, wrongFor(user))).status);
      }
    }
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses.slice(9)).toEqual(Array(21).fill(429));

    const challenge = await challengeFor(user);
    const right = await verifyFrom('10.24.1.3', user.user.email, challenge, codeNow(user.secret));
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ code: 'second_factor_locked', message: securityTexts.secondFactorLocked(15) });
    expect(right.headers.get('retry-after')).toBe('900');
    const recovery = await verifyFrom('10.24.1.3', user.user.email, challenge, user.recoveryCodes[0]!);
    expect(recovery.status).toBe(429);
    expect((await identity.call('GET', '/auth/2fa', { session: user.token })).body.recoveryCodesLeft).toBe(10);
    const mailed = await identity.call('POST', '/auth/2fa/email/request', { body: { email: user.user.email, challenge } });
    expect(mailed.status).toBe(429);
    expect((await mailsTo(identity, user.user.email)).filter((mail) => /Din loginkode/.test(mail.subject))).toHaveLength(0);

    const warning = await waitForMail(identity, user.user.email, /spærret for login med kode/);
    expect(warning.text).toContain('10 forkerte loginkoder');
    expect(warning.text).toContain('/forgot-password');

    identity.clock.advance(minutes(15));
    expect((await verifyFrom('10.24.1.3', user.user.email, await challengeFor(user), codeNow(user.secret))).status).toBe(200);
  });

  it('when a correct code follows some wrong ones, then the account count starts over', async () => {
    const user = await userWithTwoFactor();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await verifyFrom('10.24.2.1', user.user.email, await challengeFor(user), wrongFor(user))).status).toBe(401);
    }
    expect((await verifyFrom('10.24.2.1', user.user.email, await challengeFor(user), codeNow(user.secret))).status).toBe(200);
    identity.clock.advance(step);
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await verifyFrom('10.24.2.1', user.user.email, await challengeFor(user), wrongFor(user))).status).toBe(401);
    }
  });

  it('when one address tries wrong codes on many accounts, then that address gets 429 at its limit and no account is locked', async () => {
    const users: WithTwoFactor[] = [];
    // One after another: each setup moves the shared clock on.
    for (let i = 0; i < 4; i += 1) users.push(await userWithTwoFactor());
    const statuses: number[] = [];
    for (const user of users) {
      for (let attempt = 0; attempt < 8; attempt += 1) {
        statuses.push((await verifyFrom('10.24.3.1', user.user.email, await challengeFor(user), wrongFor(user))).status);
      }
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual([429, 429]);
    const last = users[3]!;
    const refused = await verifyFrom('10.24.3.1', last.user.email, await challengeFor(last), codeNow(last.secret));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^For mange forkerte koder fra din forbindelse\. Prøv igen om \d+ minut/);
    // The owner, from their own address, is not locked out.
    expect((await verifyFrom('10.24.3.2', last.user.email, await challengeFor(last), codeNow(last.secret))).status).toBe(200);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when twenty wrong codes race over four challenges, then no more than the account budget is ever checked',
    async () => {
      const user = await userWithTwoFactor();
      const challenges = [await challengeFor(user), await challengeFor(user), await challengeFor(user), await challengeFor(user)];
      await Promise.all(
        challenges.flatMap((challenge, index) =>
          Array.from({ length: 5 }, () => verifyFrom(`10.24.4.${index}`, user.user.email, challenge, wrongFor(user))),
        ),
      );
      const rows = (await identity.db('login_challenges').where({ user_id: user.user.id })) as Array<{ failed_attempts: number }>;
      expect(rows.reduce((sum, row) => sum + row.failed_attempts, 0)).toBe(10);
      const warnings = (await waitFor(async () => {
        const found = (await mailsTo(identity, user.user.email)).filter((mail) => /spærret/.test(mail.subject));
        if (found.length === 0) throw new Error('no lockout mail yet');
        return found;
      })) as unknown[];
      expect(warnings).toHaveLength(1);
    },
  );
});

describe('turning two-factor off', () => {
  it('when no proof comes, then 400; with a wrong code 400; with the current code it is off and login needs no code', async () => {
    const user = await userWithTwoFactor();
    expect((await identity.call('POST', '/auth/2fa/disable', { session: user.token, body: {} })).status).toBe(400);
    const wrong = await identity.call('POST', '/auth/2fa/disable', { session: user.token, body: { code: codeNow(user.secret, 5 * step) } });
    expect(wrong.status).toBe(400);
    const right = await identity.call('POST', '/auth/2fa/disable', { session: user.token, body: { code: codeNow(user.secret) } });
    expect(right.status).toBe(200);
    const login = await identity.call('POST', '/auth/login', { headers: bearerTransport, body: { email: user.user.email, password: user.password } });
    expect(login.body.token).toBeTruthy();
    expect(await identity.db('recovery_codes').where({ user_id: user.user.id })).toHaveLength(0);
  });

  it('when the password is given instead of a code, then it turns off too', async () => {
    const user = await userWithTwoFactor();
    const reply = await identity.call('POST', '/auth/2fa/disable', { session: user.token, body: { password: user.password } });
    expect(reply.status).toBe(200);
  });
});

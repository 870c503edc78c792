import { messages, userSchema, authResponseSchema, profileResponseSchema, eventTypes, legalVersions } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerTransport,
  minutes,
  publishedEvent,
  registerUser,
  startIdentity,
  uniqueEmail,
  type StartedIdentity,
} from '../test-harness';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity({ LOGIN_RATE_LIMIT: '3', LOGIN_RATE_WINDOW_MINUTES: '15' });
});
afterAll(async () => {
  await identity?.close();
});

describe('POST /auth/register', () => {
  it('when a customer registers, then 201 answers the user and the session cookie — the token only in the cookie', async () => {
    const email = uniqueEmail('mette');
    const reply = await identity.call('POST', '/auth/register', {
      body: { name: ' Mette ', email: ` ${email.toUpperCase()} `, password: 'hemmelig', role: 'customer', phone: '12345678', acceptTerms: true },
    });

    expect(reply.status).toBe(201);
    expect(authResponseSchema.parse(reply.body)).toBeTruthy();
    expect(reply.body.user).toMatchObject({
      name: 'Mette',
      email,
      phone: '12345678',
      company: null,
      role: 'customer',
      is_approved: true,
      is_blocked: false,
    });
    expect(reply.body.user).not.toHaveProperty('password_hash');
    expect(reply.body).not.toHaveProperty('token');
    const [cookie = '', hint, ...more] = reply.headers.getSetCookie();
    expect(cookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(cookie).not.toMatch(/Secure/);
    // The page's hint that a session exists: readable by scripts, so it holds nothing but 1.
    expect(hint).toBe(`signed_in=1; Path=/; SameSite=Lax; Max-Age=${30 * 24 * 60 * 60}`);
    expect(more).toEqual([]);
  });

  it('when an API client asks with X-Session-Transport: bearer, then the token is in the JSON too', async () => {
    const reply = await identity.call('POST', '/auth/register', {
      body: { name: 'Api Klient', email: uniqueEmail('api'), password: 'hemmelig', role: 'customer', acceptTerms: true },
      headers: { 'x-session-transport': 'Bearer' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply.headers.get('set-cookie')).toContain(`session=${reply.body.token};`);
  });

  it('when the terms are not accepted (missing or false), then 400 in Danish and no user is created', async () => {
    for (const acceptTerms of [undefined, false, 'true']) {
      const email = uniqueEmail('vilkaar');
      const reply = await identity.call('POST', '/auth/register', {
        body: { name: 'Uden Accept', email, password: 'hemmelig', role: 'customer', acceptTerms },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.details).toContainEqual({ path: 'acceptTerms', message: messages.termsNotAccepted });
      expect(await identity.db('users').where({ email }).first()).toBeUndefined();
    }
  });

  it('when the terms are accepted, then the versions of both texts and the time are stored with the user', async () => {
    const { user } = await registerUser(identity);
    const row = await identity.db('users').where({ id: user.id }).first();
    expect(row).toMatchObject({ terms_version: legalVersions.terms, privacy_version: legalVersions.privacy });
    // The service's clock (tests move it), so only that a time was stored, and it is the account's creation time.
    expect(new Date(row.terms_accepted_at).getTime()).toBe(new Date(row.created_at).getTime());
  });

  it('when a carrier registers, then they wait for approval', async () => {
    const { user } = await registerUser(identity, { role: 'carrier', company: 'Flyt ApS' });
    expect(user).toMatchObject({ role: 'carrier', is_approved: false, company: 'Flyt ApS' });
  });

  it('when the e-mail is taken (in any case), then 409 with the Danish message', async () => {
    const { user } = await registerUser(identity);
    const reply = await identity.call('POST', '/auth/register', {
      body: { name: 'Igen', email: user.email.toUpperCase(), password: 'hemmelig', role: 'customer', acceptTerms: true },
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'email_taken', message: messages.emailTaken });
  });

  it('when someone asks to register as admin, then 400 and no user is created', async () => {
    const email = uniqueEmail('admin');
    const reply = await identity.call('POST', '/auth/register', {
      body: { name: 'Hacker', email, password: 'hemmelig', role: 'admin' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('invalid_input');
    expect(reply.body.details).toContainEqual({ path: 'role', message: messages.roleInvalid });
    expect(await identity.db('users').where({ email }).first()).toBeUndefined();
  });

  it('when the password is too short, then 400 names the field in Danish', async () => {
    const reply = await identity.call('POST', '/auth/register', {
      body: { name: 'Kort', email: uniqueEmail(), password: '123', role: 'customer' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toContainEqual({ path: 'password', message: messages.passwordTooShort });
  });

  it('when a user registers, then the password is stored as an argon2id hash only', async () => {
    const { user, password } = await registerUser(identity);
    const row = await identity.db('users').where({ id: user.id }).first();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(password);
  });

  it('when a user registers, then identity.user.registered is written to the outbox and published', async () => {
    const { user } = await registerUser(identity, { role: 'carrier', name: 'Event Vognmand', phone: '20304050' });
    const row = await identity
      .db('outbox')
      .where({ type: eventTypes.userRegistered })
      .whereRaw(`data->>'userId' = ?`, [String(user.id)])
      .first();
    expect(row).toBeTruthy();
    const event = await publishedEvent(identity, eventTypes.userRegistered, user.id);
    // The phone goes to the other services' user directories (the assigned carrier's contact details on a task).
    expect(event.data).toEqual({ userId: user.id, role: 'carrier', name: 'Event Vognmand', email: user.email, company: null, phone: '20304050', address: null });
    expect(event.id).toBe(row.id);
  });
});

describe('POST /auth/login', () => {
  it('when the password is right, then the user, a new token and the cookie come back', async () => {
    const registered = await registerUser(identity);
    const reply = await identity.call('POST', '/auth/login', {
      body: { email: registered.user.email.toUpperCase(), password: registered.password },
      headers: bearerTransport,
    });
    expect(reply.status).toBe(200);
    expect(authResponseSchema.parse(reply.body).user.id).toBe(registered.user.id);
    expect(reply.body.token).not.toBe(registered.token);
    expect(reply.headers.get('set-cookie')).toContain(`session=${reply.body.token}`);
  });

  it('when the password is wrong, then 401 invalid_credentials Forkert email eller adgangskode', async () => {
    const registered = await registerUser(identity);
    const reply = await identity.call('POST', '/auth/login', {
      body: { email: registered.user.email, password: 'forkert-kode' },
      client: { ip: '10.0.0.1', https: false },
    });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 'invalid_credentials', message: 'Forkert email eller adgangskode' });
    expect(reply.headers.get('set-cookie')).toBeNull();
  });

  it('when the e-mail is unknown, then the answer is the same as for a wrong password', async () => {
    const reply = await identity.call('POST', '/auth/login', {
      body: { email: uniqueEmail('ukendt'), password: 'hvadsomhelst' },
      client: { ip: '10.0.0.2', https: false },
    });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 'invalid_credentials', message: messages.wrongCredentials });
  });

  it('when a blocked user gives the right password, then 403 account_blocked says so, and no session is opened', async () => {
    const registered = await registerUser(identity);
    await identity.db('users').where({ id: registered.user.id }).update({ is_blocked: true });
    const sessionsBefore = (await identity.db('sessions').where({ user_id: registered.user.id })).length;
    const right = await identity.call('POST', '/auth/login', {
      body: { email: registered.user.email, password: registered.password },
      client: { ip: '10.0.7.1', https: false },
    });
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ code: 'account_blocked', message: messages.accountBlocked });
    expect(right.body.message).toBe('Din konto er blokeret. Kontakt os for hjælp.');
    expect(right.headers.get('set-cookie')).toBeNull();
    expect(await identity.db('sessions').where({ user_id: registered.user.id })).toHaveLength(sessionsBefore);
  });

  it('when a wrong password is given, then the same 401 whether the account is blocked, active or unknown (no account probing)', async () => {
    const active = await registerUser(identity);
    const blocked = await registerUser(identity);
    await identity.db('users').where({ id: blocked.user.id }).update({ is_blocked: true });
    const client = { ip: '10.0.7.2', https: false };
    const replies = await Promise.all(
      [active.user.email, blocked.user.email, uniqueEmail('ingen')].map((email) =>
        identity.call('POST', '/auth/login', { body: { email, password: 'forkert-kode' }, client }),
      ),
    );
    for (const reply of replies) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ code: 'invalid_credentials', message: messages.wrongCredentials });
    }
  });

  it('when one address sprays one password over 40 e-mails, then 429 after 30 failures; another address still logs in', async () => {
    const sprayer = { ip: '10.0.8.1', https: false };
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const reply = await identity.call('POST', '/auth/login', {
        body: { email: uniqueEmail(`spray${i}`), password: 'sommer2026' },
        client: sprayer,
      });
      statuses.push(reply.status);
      if (reply.status === 429) expect(reply.body).toEqual({ code: 'too_many_attempts', message: messages.tooManyLoginAttempts });
    }
    expect(statuses).toEqual([...Array(30).fill(401), ...Array(10).fill(429)]);

    const registered = await registerUser(identity);
    const body = { email: registered.user.email, password: registered.password };
    expect((await identity.call('POST', '/auth/login', { body, client: sprayer })).status).toBe(429);
    expect((await identity.call('POST', '/auth/login', { body, client: { ip: '10.0.8.2', https: false } })).status).toBe(200);

    identity.clock.advance(minutes(16));
    expect((await identity.call('POST', '/auth/login', { body, client: sprayer })).status).toBe(200);
  });

  it('when a blocked user gives a wrong password, then it is the plain 401 (nothing about the account leaks)', async () => {
    const registered = await registerUser(identity);
    await identity.db('users').where({ id: registered.user.id }).update({ is_blocked: true });
    const reply = await identity.call('POST', '/auth/login', {
      body: { email: registered.user.email, password: 'forkert-kode' },
      client: { ip: '10.0.0.3', https: false },
    });
    expect(reply.status).toBe(401);
  });

  it('when there are too many failures for one e-mail and address, then 429 too_many_attempts, even with the right password', async () => {
    const registered = await registerUser(identity);
    const from = { ip: '10.1.1.1', https: false };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const reply = await identity.call('POST', '/auth/login', {
        body: { email: registered.user.email, password: 'forkert' },
        client: from,
      });
      expect(reply.status).toBe(401);
    }
    const blocked = await identity.call('POST', '/auth/login', {
      body: { email: registered.user.email, password: registered.password },
      client: from,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ code: 'too_many_attempts', message: messages.tooManyLoginAttempts });

    // Another client address (signed by the gateway) is counted on its own; a forwarded header changes nothing.
    const spoofed = await identity.call('POST', '/auth/login', {
      body: { email: registered.user.email, password: registered.password },
      client: from,
      headers: { 'x-forwarded-for': '10.1.1.2' },
    });
    expect(spoofed.status).toBe(429);
    const elsewhere = await identity.call('POST', '/auth/login', {
      body: { email: registered.user.email, password: registered.password },
      client: { ip: '10.1.1.2', https: false },
    });
    expect(elsewhere.status).toBe(200);

    // After the window the address may try again.
    identity.clock.advance(minutes(16));
    const later = await identity.call('POST', '/auth/login', {
      body: { email: registered.user.email, password: registered.password },
      client: from,
    });
    expect(later.status).toBe(200);
  });

  it('when a login succeeds, then earlier failures of that e-mail and address are forgotten', async () => {
    const registered = await registerUser(identity);
    const from = { ip: '10.2.2.2', https: false };
    const attempt = (password: string) =>
      identity.call('POST', '/auth/login', { body: { email: registered.user.email, password }, client: from });
    expect((await attempt('forkert')).status).toBe(401);
    expect((await attempt('forkert')).status).toBe(401);
    expect((await attempt(registered.password)).status).toBe(200);
    expect((await attempt('forkert')).status).toBe(401);
    expect((await attempt('forkert')).status).toBe(401);
    expect((await attempt(registered.password)).status).toBe(200);
  });
});

describe('POST /auth/logout and GET /auth/profile', () => {
  it('when a logged-in user asks for the profile, then it carries savedAddresses', async () => {
    const registered = await registerUser(identity);
    const reply = await identity.call('GET', '/auth/profile', { session: registered.token });
    expect(reply.status).toBe(200);
    expect(profileResponseSchema.parse(reply.body).user).toMatchObject({ id: registered.user.id, savedAddresses: [] });
  });

  it('when a user logs out, then 204, the cookie is cleared and the session no longer resolves', async () => {
    const registered = await registerUser(identity);
    const reply = await identity.call('POST', '/auth/logout', { session: registered.token });
    expect(reply.status).toBe(204);
    const cleared = reply.headers.getSetCookie();
    expect(cleared).toContainEqual(expect.stringMatching(/^session=;.*Max-Age=0/));
    expect(cleared).toContainEqual(expect.stringMatching(/^__Host-session=;.*Max-Age=0.*; Secure/));
    expect(cleared).toContainEqual(expect.stringMatching(/^signed_in=;.*Max-Age=0/));

    const resolved = await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: registered.token } });
    expect(resolved.status).toBe(401);
    const profile = await identity.call('GET', '/auth/profile', { session: registered.token });
    expect(profile.status).toBe(401);
    expect(profile.body).toEqual({ code: 'unauthorized', message: messages.sessionExpired });
  });

  it('when a user logs out with the cookie, then only that session ends', async () => {
    const registered = await registerUser(identity);
    const second = await identity.call('POST', '/auth/login', {
      body: { email: registered.user.email, password: registered.password },
      headers: bearerTransport,
    });
    const caller = (await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: registered.token } })).body.user;
    const reply = await identity.call('POST', '/auth/logout', {
      as: caller,
      headers: { cookie: `other=1; session=${encodeURIComponent(registered.token)}` },
    });
    expect(reply.status).toBe(204);
    expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: registered.token } })).status).toBe(401);
    expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: second.body.token } })).status).toBe(200);
  });

  it('when the caller is anonymous, then logout is 401', async () => {
    const reply = await identity.call('POST', '/auth/logout');
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe(messages.sessionExpired);
  });

  it('when a user asks for /users/me, then the user comes back in the contract shape', async () => {
    const registered = await registerUser(identity);
    const reply = await identity.call('GET', '/users/me', { session: registered.token });
    expect(reply.status).toBe(200);
    expect(userSchema.strict().parse(reply.body.user).id).toBe(registered.user.id);
  });
});

describe('cookie settings', () => {
  it('when COOKIE_SECURE is on, then the session cookie is Secure', async () => {
    const secure = await startIdentity({ COOKIE_SECURE: 'true', SESSION_ABSOLUTE_DAYS: '0.5', SESSION_IDLE_DAYS: '0.25' });
    try {
      const reply = await secure.call('POST', '/auth/register', {
        body: { name: 'Sikker', email: uniqueEmail(), password: 'hemmelig', role: 'customer', acceptTerms: true },
      });
      expect(reply.status).toBe(201);
      const cookie = reply.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^__Host-session=[A-Za-z0-9_-]{43}; Path=\/;.*; Secure$/);
      expect(cookie).not.toMatch(/Domain/i);
      expect(cookie).toContain('Max-Age=43200');
    } finally {
      await secure.close();
    }
  });

  it('when the gateway says the browser came over HTTPS, then the cookie is Secure and __Host- without COOKIE_SECURE', async () => {
    const overHttps = await identity.call('POST', '/auth/register', {
      body: { name: 'Tls', email: uniqueEmail(), password: 'hemmelig', role: 'customer', acceptTerms: true },
      client: { ip: '203.0.113.5', https: true },
    });
    const [session, hint] = overHttps.headers.getSetCookie();
    expect(session).toMatch(/^__Host-session=.*; Secure$/);
    expect(hint).toMatch(/^signed_in=1; .*; Secure$/);
    const overHttp = await identity.call('POST', '/auth/register', {
      body: { name: 'Klar', email: uniqueEmail(), password: 'hemmelig', role: 'customer', acceptTerms: true },
      client: { ip: '203.0.113.5', https: false },
    });
    expect(overHttp.headers.get('set-cookie')).toMatch(/^session=/);
    expect(overHttp.headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('when the browser logs out with the __Host- cookie, then that session ends', async () => {
    const registered = await registerUser(identity);
    const caller = (await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: registered.token } })).body.user;
    const reply = await identity.call('POST', '/auth/logout', { as: caller, headers: { cookie: `__Host-session=${registered.token}` } });
    expect(reply.status).toBe(204);
    expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: registered.token } })).status).toBe(401);
  });
});

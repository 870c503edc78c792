import { createHash } from 'node:crypto';
import { authUserSchema, eventTypes, messages } from '@fragtbud/contracts';
import { signInternalToken } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { days, login, minutes, registerUser, startIdentity, type StartedIdentity } from '../test-harness';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

const resolve = (token: string) => identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('POST /internal/sessions/resolve', () => {
  it('when the token belongs to a live session, then the caller comes back as the gateway needs it', async () => {
    const { user, token } = await registerUser(identity, { role: 'carrier', name: 'Vognmand Ole' });
    const reply = await resolve(token);
    expect(reply.status).toBe(200);
    expect(authUserSchema.strict().parse(reply.body.user)).toEqual({
      id: user.id,
      role: 'carrier',
      approved: false,
      blocked: false,
      name: 'Vognmand Ole',
      email: user.email,
    });
  });

  it('when the token is unknown, then 401 session_invalid', async () => {
    const reply = await resolve('x'.repeat(43));
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 'session_invalid', message: messages.sessionExpired });
  });

  it('when the request carries no internal token, then 401 invalid_internal_token', async () => {
    const { token } = await registerUser(identity);
    const reply = await identity.call('POST', '/internal/sessions/resolve', { body: { token }, withoutInternalToken: true });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('invalid_internal_token');
  });

  it('when the internal token is signed with another secret, then 401', async () => {
    const { token } = await registerUser(identity);
    const forged = await signInternalToken({ secret: 'f'.repeat(64), user: null });
    const reply = await identity.call('POST', '/internal/sessions/resolve', {
      body: { token },
      withoutInternalToken: true,
      headers: { 'x-internal-token': forged },
    });
    expect(reply.status).toBe(401);
  });

  it('when the token the gateway forwards for a browser asks (no service named), then 403: only services may resolve', async () => {
    const { token } = await registerUser(identity);
    for (const path of ['/internal/sessions/resolve', '/Internal/sessions/resolve', '/internal/sessions/resolve/']) {
      const reply = await identity.call('POST', path, { body: { token } });
      expect(reply.status, path).toBe(403);
      expect(reply.body.code).toBe('forbidden');
    }
  });

  it('when the body has no token, a wrong type or a huge one, then 400', async () => {
    for (const body of [{}, { token: 42 }, { token: '' }, { token: 'a'.repeat(201) }, [], 'token']) {
      const reply = await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.code).toBe('invalid_input');
    }
  });
});

describe('session storage', () => {
  it('when a session is opened, then only the sha256 of its token is stored', async () => {
    const { user, token } = await registerUser(identity);
    const rows = await identity.db('sessions').where({ user_id: user.id });
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('when a token is 32 random bytes, then every login gets a different one', async () => {
    const registered = await registerUser(identity);
    const tokens = new Set([registered.token]);
    for (let i = 0; i < 3; i += 1) tokens.add(await login(identity, registered.user.email, registered.password));
    expect(tokens.size).toBe(4);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });
});

describe('session expiry', () => {
  it('when a session has not been used for longer than the idle time, then it no longer resolves and is deleted', async () => {
    const { user, token } = await registerUser(identity);
    identity.clock.advance(days(7) + minutes(1));
    expect((await resolve(token)).status).toBe(401);
    expect(await identity.db('sessions').where({ user_id: user.id })).toHaveLength(0);
  });

  it('when a session is used within the idle time, then it lives on', async () => {
    const { token } = await registerUser(identity);
    for (let i = 0; i < 3; i += 1) {
      identity.clock.advance(days(6));
      expect((await resolve(token)).status).toBe(200);
    }
  });

  it('when the absolute lifetime is over, then the session ends however active it was', async () => {
    const { token } = await registerUser(identity);
    for (let i = 0; i < 4; i += 1) {
      identity.clock.advance(days(6));
      expect((await resolve(token)).status).toBe(200);
    }
    identity.clock.advance(days(6) + minutes(1)); // 30 days and a minute after login
    expect((await resolve(token)).status).toBe(401);
  });

  it('when a session is used often, then last_seen_at is written at most once a minute', async () => {
    const { user, token } = await registerUser(identity);
    const lastSeen = async () =>
      new Date((await identity.db('sessions').where({ user_id: user.id }).first()).last_seen_at).getTime();
    const opened = await lastSeen();
    identity.clock.advance(30_000);
    await resolve(token);
    expect(await lastSeen()).toBe(opened);
    identity.clock.advance(31_000);
    await resolve(token);
    expect(await lastSeen()).toBe(opened + 61_000);
  });

  it('when a session row is aged directly in the database, then it is refused too', async () => {
    const { user, token } = await registerUser(identity);
    const now = identity.clock.now();
    await identity
      .db('sessions')
      .where({ user_id: user.id })
      .update({ expires_at: new Date(now.getTime() - 1000) });
    expect((await resolve(token)).status).toBe(401);
  });

  it('when the idle and absolute limits are configured shorter, then they apply', async () => {
    // Half an hour idle, one hour in all.
    const short = await startIdentity({ SESSION_IDLE_DAYS: String(1 / 48), SESSION_ABSOLUTE_DAYS: String(1 / 24) });
    try {
      const { token } = await registerUser(short);
      short.clock.advance(minutes(29));
      expect((await short.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } })).status).toBe(200);
      short.clock.advance(minutes(29));
      expect((await short.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } })).status).toBe(200);
      short.clock.advance(minutes(3));
      expect((await short.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } })).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('revocation', () => {
  it('when a user logs out without sending a token, then all of their sessions end', async () => {
    const registered = await registerUser(identity);
    const other = await login(identity, registered.user.email, registered.password);
    const caller = (await resolve(registered.token)).body.user;
    expect((await identity.call('POST', '/auth/logout', { as: caller })).status).toBe(204);
    expect((await resolve(registered.token)).status).toBe(401);
    expect((await resolve(other)).status).toBe(401);
  });

  it("when someone logs out with another user's token, then that other session survives", async () => {
    const victim = await registerUser(identity);
    const attacker = await registerUser(identity);
    const caller = (await resolve(attacker.token)).body.user;
    const reply = await identity.call('POST', '/auth/logout', {
      as: caller,
      headers: { authorization: `Bearer ${victim.token}` },
    });
    expect(reply.status).toBe(204);
    expect((await resolve(victim.token)).status).toBe(200);
  });

  it('when the user is deleted from the database, then their sessions go with them', async () => {
    const { user, token } = await registerUser(identity);
    await identity.db('users').where({ id: user.id }).delete();
    expect((await resolve(token)).status).toBe(401);
    expect(await identity.db('sessions').where({ user_id: user.id })).toHaveLength(0);
  });
});

describe('identity.session.ended (every gateway replica forgets the session at once)', () => {
  const endedOf = (userId: number) =>
    identity.published.filter((e) => e.type === eventTypes.sessionEnded && (e.data as { userId: number }).userId === userId).map((e) => e.data);

  it('when the gateway resolves a session, then it learns the session id the event will name', async () => {
    const { user, token } = await registerUser(identity);
    const reply = await resolve(token);
    const stored = await identity.db('sessions').where({ token_hash: sha256(token) }).first('id');
    expect(reply.body).toEqual({ user: expect.objectContaining({ id: user.id }), sessionId: stored.id });
  });

  it('when a user logs out, ends one session or all others, then the event names exactly the sessions that ended', async () => {
    const { user, token, password } = await registerUser(identity);
    const idOf = async (session: string) => ((await identity.db('sessions').where({ token_hash: sha256(session) }).first('id')) as { id: number }).id;
    const [second, third, fourth] = [await login(identity, user.email, password), await login(identity, user.email, password), await login(identity, user.email, password)];

    const secondId = await idOf(second);
    expect((await identity.call('POST', '/auth/logout', { session: second })).status).toBe(204);
    await expect.poll(() => endedOf(user.id)).toEqual([{ userId: user.id, sessionIds: [secondId], reason: 'logout' }]);

    const thirdId = await idOf(third);
    expect((await identity.call('DELETE', `/auth/sessions/${thirdId}`, { session: token })).status).toBe(204);
    await expect.poll(() => endedOf(user.id).at(-1)).toEqual({ userId: user.id, sessionIds: [thirdId], reason: 'ended_by_user' });

    const fourthId = await idOf(fourth);
    expect((await identity.call('DELETE', '/auth/sessions', { session: token })).status).toBe(200);
    await expect.poll(() => endedOf(user.id).at(-1)).toEqual({ userId: user.id, sessionIds: [fourthId], reason: 'other_sessions_ended' });

    // Nothing left to end: no event.
    expect((await identity.call('DELETE', '/auth/sessions', { session: token })).status).toBe(200);
    const before = endedOf(user.id).length;
    expect((await identity.call('POST', '/auth/logout', { session: token })).status).toBe(204);
    await expect.poll(() => endedOf(user.id).length).toBe(before + 1);
  });
});

import { accountDeletionTexts, eventTypes, legalVersions, messages } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller, bearerTransport, publishedEvent, registerUser, startIdentity, type StartedIdentity } from '../test-harness';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

describe('GET /internal/account/data', () => {
  it('when the gateway asks for a user, then their profile, terms acceptance and saved addresses — no secrets', async () => {
    const { user } = await registerUser(identity, { name: 'Dorthe Data' });
    const reply = await identity.call('GET', '/internal/account/data', { service: 'gateway', actingFor: asCaller(user) });
    expect(reply.status).toBe(200);
    expect(reply.body.profile).toMatchObject({ id: user.id, name: 'Dorthe Data', email: user.email, bankInfo: null });
    expect(reply.body.termsAcceptance).toMatchObject({ termsVersion: legalVersions.terms, privacyVersion: legalVersions.privacy });
    expect(reply.body.savedAddresses).toEqual([]);
    expect(JSON.stringify(reply.body)).not.toMatch(/password|totp|argon2/i);
  });

  it('when a browser token (no service) reaches /internal, then 403', async () => {
    const { user } = await registerUser(identity);
    const reply = await identity.call('GET', '/internal/account/data', { as: asCaller(user) });
    expect(reply.status).toBe(403);
    // Nor does a service token that acts for nobody get anyone's data.
    expect((await identity.call('GET', '/internal/account/data', { service: 'gateway' })).status).toBe(401);
  });
});

describe('POST /internal/account/erase', () => {
  it('when a customer deletes the account, then the row is anonymised and blocked, sessions end, the login is refused', async () => {
    const { user, token, password } = await registerUser(identity, { name: 'Erik Sletter' });
    const reply = await identity.call('POST', '/internal/account/erase', { service: 'gateway', actingFor: asCaller(user), body: { currentPassword: password } });
    expect(reply.status).toBe(204);

    const row = await identity.db('users').where({ id: user.id }).first();
    expect(row).toMatchObject({ name: 'Slettet bruger', email: `slettet-${user.id}@slettet.invalid`, phone: null, is_blocked: true, bank_account: null });
    expect(row.erased_at).not.toBeNull();
    expect(await identity.db('sessions').where({ user_id: user.id })).toEqual([]);
    const resolved = await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } });
    expect(resolved.status).toBe(401);
    const login = await identity.call('POST', '/auth/login', { body: { email: user.email, password }, headers: bearerTransport });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe(messages.wrongCredentials);

    const event = await publishedEvent(identity, eventTypes.userDeleted, user.id);
    expect(event.data).toEqual({ userId: user.id, deletedBy: user.id });
  });

  it('when it is asked twice, then the second is 401: the account is no longer anyone', async () => {
    const { user, password } = await registerUser(identity);
    const erase = () => identity.call('POST', '/internal/account/erase', { service: 'gateway', actingFor: asCaller(user), body: { currentPassword: password } });
    expect((await erase()).status).toBe(204);
    expect((await erase()).status).toBe(401);
  });

  it('when the password is wrong (check or erase), then 400 current_password_wrong in Danish and nothing changes', async () => {
    const { user, token } = await registerUser(identity);
    for (const path of ['/internal/account/erasure-check', '/internal/account/erase']) {
      const reply = await identity.call('POST', path, { service: 'gateway', actingFor: asCaller(user), body: { currentPassword: 'ikke-min-kode' } });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        code: 'current_password_wrong',
        message: accountDeletionTexts.passwordWrong,
        details: [{ path: 'currentPassword', message: accountDeletionTexts.passwordWrong }],
      });
    }
    expect((await identity.db('users').where({ id: user.id }).first()).erased_at).toBeNull();
    expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } })).status).toBe(200);
  });

  it('when no password comes, then 400 naming the field', async () => {
    const { user } = await registerUser(identity);
    const reply = await identity.call('POST', '/internal/account/erasure-check', { service: 'gateway', actingFor: asCaller(user) });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toContainEqual({ path: 'currentPassword', message: messages.passwordRequired });
    expect((await identity.db('users').where({ id: user.id }).first()).erased_at).toBeNull();
  });

  it('when the right password comes, then the check answers 204 and changes nothing', async () => {
    const { user, password } = await registerUser(identity);
    const reply = await identity.call('POST', '/internal/account/erasure-check', { service: 'gateway', actingFor: asCaller(user), body: { currentPassword: password } });
    expect(reply.status).toBe(204);
    expect((await identity.db('users').where({ id: user.id }).first()).erased_at).toBeNull();
  });

  it('when an admin asks (check or erase), then 422 and nothing changes', async () => {
    const { user } = await registerUser(identity);
    const admin = { ...asCaller(user), role: 'admin' as const };
    for (const path of ['/internal/account/erasure-check', '/internal/account/erase']) {
      const reply = await identity.call('POST', path, { service: 'gateway', actingFor: admin });
      expect(reply.status).toBe(422);
      expect(reply.body.message).toBe(accountDeletionTexts.adminCannotDeleteOwnAccount);
    }
    expect((await identity.db('users').where({ id: user.id }).first()).erased_at).toBeNull();
  });
});

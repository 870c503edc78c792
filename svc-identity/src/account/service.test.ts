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
    const reply = await identity.call('POST', '/internal/account/erase', { service: 'gateway', actingFor: asCaller(user) });
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
    const { user } = await registerUser(identity);
    expect((await identity.call('POST', '/internal/account/erase', { service: 'gateway', actingFor: asCaller(user) })).status).toBe(204);
    expect((await identity.call('POST', '/internal/account/erase', { service: 'gateway', actingFor: asCaller(user) })).status).toBe(401);
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

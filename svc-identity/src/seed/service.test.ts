import { eventTypes } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from './demo-accounts';
import { login, startIdentity, type StartedIdentity } from '../test-harness';

describe('seeding', () => {
  let identity: StartedIdentity;

  beforeAll(async () => {
    identity = await startIdentity({
      SEED_ADMIN_EMAIL: 'Drift@Fragtbud.test',
      SEED_ADMIN_PASSWORD: 'foerste-kode',
      DEMO_SEED: '1',
    });
  });
  afterAll(async () => {
    await identity?.close();
  });

  it('when SEED_ADMIN_* are set, then that admin exists and can log in', async () => {
    const token = await login(identity, 'drift@fragtbud.test', 'foerste-kode');
    const resolved = await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } });
    expect(resolved.body.user).toMatchObject({ role: 'admin', approved: true, blocked: false, email: 'drift@fragtbud.test' });
  });

  it('when DEMO_SEED is on, then the demo customer, approved carrier and admin exist with the documented passwords', async () => {
    expect(demoAccounts.map((account) => [account.role, account.email, account.password])).toEqual([
      ['customer', 'kunde@fragtbud.dk', 'demo1234'],
      ['carrier', 'vognmand@fragtbud.dk', 'demo1234'],
      ['admin', 'admin@fragtbud.dk', 'demo1234'],
    ]);
    for (const account of demoAccounts) {
      const reply = await identity.call('POST', '/auth/login', { body: { email: account.email, password: account.password } });
      expect(reply.status, account.email).toBe(200);
      expect(reply.body.user).toMatchObject({ role: account.role, is_approved: true, is_blocked: false });
    }
  });

  it('the demo carrier has bank details, and says so to the other services, so a payout can be asked for at once', async () => {
    const carrier = await identity.db('users').where({ email: 'vognmand@fragtbud.dk' }).first();
    expect(carrier).toMatchObject({ bank_reg: '1234', bank_account: '0012345678' });
    const updates = (await identity.db('outbox').where({ type: eventTypes.userUpdated }).select('data')) as { data: unknown }[];
    const data = updates.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as { userId: number; hasBankDetails?: boolean });
    expect(data).toContainEqual(expect.objectContaining({ userId: carrier.id, hasBankDetails: true }));
    const customer = await identity.db('users').where({ email: 'kunde@fragtbud.dk' }).first();
    expect(customer).toMatchObject({ bank_reg: null, bank_account: null });
  });

  it('when seeded users are created, then each is announced once as identity.user.registered', async () => {
    const registered = await identity.db('outbox').where({ type: eventTypes.userRegistered });
    expect(registered).toHaveLength(4);
  });

  it('when the service starts again with the same settings, then nothing is created, changed or announced twice', async () => {
    const before = await identity.db('users').orderBy('id').select('id', 'email', 'password_hash', 'updated_at');
    const token = await login(identity, 'drift@fragtbud.test', 'foerste-kode');
    identity = await identity.restart();
    const after = await identity.db('users').orderBy('id').select('id', 'email', 'password_hash', 'updated_at');
    expect(after).toEqual(before);
    expect(await identity.db('outbox').where({ type: eventTypes.userRegistered })).toHaveLength(4);
    expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } })).status).toBe(200);
  });

  it('when the seed admin password changes, then the new one works, the old one does not and old sessions end', async () => {
    const oldToken = await login(identity, 'drift@fragtbud.test', 'foerste-kode');
    await identity.db('users').where({ email: 'drift@fragtbud.test' }).update({ role: 'customer', is_blocked: true });
    identity = await identity.restart({
      SEED_ADMIN_EMAIL: 'drift@fragtbud.test',
      SEED_ADMIN_PASSWORD: 'anden-kode',
      DEMO_SEED: '0',
    });
    const admins = await identity.db('users').where({ email: 'drift@fragtbud.test' });
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ role: 'admin', is_blocked: false, is_approved: true });
    expect((await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: oldToken } })).status).toBe(401);
    expect((await identity.call('POST', '/auth/login', { body: { email: 'drift@fragtbud.test', password: 'foerste-kode' } })).status).toBe(401);
    expect(await login(identity, 'drift@fragtbud.test', 'anden-kode')).toBeTruthy();
  });
});

describe('without seeding settings', () => {
  it('when neither SEED_ADMIN_* nor DEMO_SEED are set, then no users are created', async () => {
    const identity = await startIdentity();
    try {
      expect(await identity.db('users')).toHaveLength(0);
      expect(identity.config.DEMO_SEED).toBe(false);
    } finally {
      await identity.close();
    }
  });
});

import { insuranceRecordSchema, messages } from '@fragtbud/contracts';
import { createMailer } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { days, mailsTo, registerUser, seedAdmin, startIdentity, waitForMail, type StartedIdentity, bearerTransport } from '../test-harness';
import { remindExpiringInsurance } from './reminders';

let identity: StartedIdentity;
let admin: string;

beforeAll(async () => {
  identity = await startIdentity({ SEED_ADMIN_EMAIL: seedAdmin.email, SEED_ADMIN_PASSWORD: seedAdmin.password });
  admin = (await identity.call('POST', '/auth/login', { headers: bearerTransport, body: seedAdmin })).body.token;
});
afterAll(async () => {
  await identity?.close();
});

const fileUrl = '/api/files/0b6c1a52-3f4e-4a8b-9c1d-2e3f4a5b6c7d.pdf';
const dateIn = (offsetDays: number) => new Date(identity.clock.now().getTime() + days(offsetDays)).toISOString().slice(0, 10);

describe('insurance records', () => {
  it('when a carrier adds a record, then it is listed, and the admin sees it on the carrier', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const expires = dateIn(200);
    const created = await identity.call('POST', '/users/insurance', {
      session: carrier.token,
      body: { file_url: fileUrl, expires_at: expires, notes: 'Godsforsikring hos Tryg' },
    });
    expect(created.status).toBe(201);
    expect(insuranceRecordSchema.parse(created.body)).toMatchObject({ file_url: fileUrl, expires_at: expires, expired: false });
    const mine = await identity.call('GET', '/users/insurance/me', { session: carrier.token });
    expect(mine.body.items).toHaveLength(1);
    const seen = await identity.call('GET', `/admin/users/${carrier.user.id}/insurance`, { session: admin });
    expect(seen.status).toBe(200);
    expect(seen.body.items[0]).toMatchObject({ id: created.body.id, notes: 'Godsforsikring hos Tryg' });
  });

  it('when no file comes on the first upload, then 400 with the spec text', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const reply = await identity.call('POST', '/users/insurance', { session: carrier.token, body: { expires_at: dateIn(10) } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Vælg et dokument eller billede af forsikringsbeviset.');
  });

  it('when the file link is not one of our uploads, then 400', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const reply = await identity.call('POST', '/users/insurance', { session: carrier.token, body: { file_url: 'https://evil.example/x.pdf' } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(messages.insuranceFileInvalid);
  });

  it('when the expiry date has passed, then the record is marked expired', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const created = await identity.call('POST', '/users/insurance', { session: carrier.token, body: { file_url: fileUrl, expires_at: dateIn(-1) } });
    expect(created.body.expired).toBe(true);
  });

  it("when a carrier updates their own record, then it changes; another carrier's record is 404", async () => {
    const owner = await registerUser(identity, { role: 'carrier' });
    const other = await registerUser(identity, { role: 'carrier' });
    const created = await identity.call('POST', '/users/insurance', { session: owner.token, body: { file_url: fileUrl } });
    const updated = await identity.call('PUT', `/users/insurance/${created.body.id}`, { session: owner.token, body: { notes: 'Fornyet' } });
    expect(updated.status).toBe(200);
    expect(updated.body.notes).toBe('Fornyet');
    const stolen = await identity.call('PUT', `/users/insurance/${created.body.id}`, { session: other.token, body: { notes: 'Mit' } });
    expect(stolen.status).toBe(404);
  });

  it('when a customer uses the insurance endpoints or a carrier the admin view, then 403', async () => {
    const customer = await registerUser(identity);
    const carrier = await registerUser(identity, { role: 'carrier' });
    expect((await identity.call('GET', '/users/insurance/me', { session: customer.token })).status).toBe(403);
    expect((await identity.call('POST', '/users/insurance', { session: customer.token, body: { file_url: fileUrl } })).status).toBe(403);
    expect((await identity.call('GET', `/admin/users/${carrier.user.id}/insurance`, { session: carrier.token })).status).toBe(403);
  });
});

describe('insurance expiry reminders', () => {
  it('when a record expires within 30 days, then the carrier is mailed once; later or past ones are not', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const post = (expires_at: string) =>
      identity.call('POST', '/users/insurance', { session: carrier.token, body: { file_url: fileUrl, expires_at } });
    await post(dateIn(20));
    await post(dateIn(45));
    await post(dateIn(-3));
    // The running service's own mailer delivers what is queued; the sweep only needs one that queues (never started).
    const mailer = createMailer({ db: identity.db, config: identity.config, logger: identity.infra.logger });
    const context = { db: identity.db, config: identity.config, clock: identity.clock.now, logger: identity.infra.logger, mailer };
    const sweep = () => remindExpiringInsurance(context as unknown as Parameters<typeof remindExpiringInsurance>[0]);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const mail = await waitForMail(identity, carrier.user.email, /forsikring udløber snart/);
    expect(mail.text).toContain('/profile?tab=insurance');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await mailsTo(identity, carrier.user.email)).filter((item) => /udløber/.test(item.subject))).toHaveLength(1);
  });
});

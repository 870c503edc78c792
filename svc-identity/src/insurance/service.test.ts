import { insuranceRecordSchema, messages } from '@fragtbud/contracts';
import { createMailer } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerTransport,
  days,
  mailsTo,
  registerUser,
  seedAdmin,
  startIdentity,
  uploadedFile,
  waitForMail,
  type Registered,
  type StartedIdentity,
} from '../test-harness';
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

const dateIn = (offsetDays: number) => new Date(identity.clock.now().getTime() + days(offsetDays)).toISOString().slice(0, 10);

describe('insurance records', () => {
  it('when a carrier adds a record, then it is listed, and the admin sees it on the carrier', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const fileUrl = uploadedFile(identity, carrier.user.id);
    const expires = dateIn(200);
    const created = await identity.call('POST', '/users/insurance', {
      session: carrier.token,
      body: { file_url: fileUrl, expires_at: expires, notes: 'Godsforsikring hos Tryg' },
    });
    expect(created.status).toBe(201);
    expect(insuranceRecordSchema.parse(created.body)).toMatchObject({ file_url: fileUrl, expires_at: expires, expired: false });
    expect(identity.tasks.asked.at(-1)).toBe(fileUrl.split('/').at(-1));
    const mine = await identity.call('GET', '/users/insurance/me', { session: carrier.token });
    expect(mine.body.items).toHaveLength(1);
    const seen = await identity.call('GET', `/admin/users/${carrier.user.id}/insurance`, { session: admin });
    expect(seen.status).toBe(200);
    expect(seen.body.items[0]).toMatchObject({ id: created.body.id, notes: 'Godsforsikring hos Tryg' });
  });

  it('when the same record is submitted again with its Idempotency-Key, then one record exists and both get it', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const body = { file_url: uploadedFile(identity, carrier.user.id), notes: 'Sendt to gange' };
    const send = () => identity.call('POST', '/users/insurance', { session: carrier.token, body, headers: { 'Idempotency-Key': 'forsikring-1' } });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const mine = await identity.call('GET', '/users/insurance/me', { session: carrier.token });
    expect(mine.body.items).toHaveLength(1);
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
    const created = await identity.call('POST', '/users/insurance', {
      session: carrier.token,
      body: { file_url: uploadedFile(identity, carrier.user.id), expires_at: dateIn(-1) },
    });
    expect(created.body.expired).toBe(true);
  });

  it("when a carrier updates their own record, then it changes; another carrier's record is 404", async () => {
    const owner = await registerUser(identity, { role: 'carrier' });
    const other = await registerUser(identity, { role: 'carrier' });
    const created = await identity.call('POST', '/users/insurance', { session: owner.token, body: { file_url: uploadedFile(identity, owner.user.id) } });
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
    const customerFile = uploadedFile(identity, customer.user.id);
    expect((await identity.call('POST', '/users/insurance', { session: customer.token, body: { file_url: customerFile } })).status).toBe(403);
    expect((await identity.call('GET', `/admin/users/${carrier.user.id}/insurance`, { session: carrier.token })).status).toBe(403);
  });
});

describe("insurance documents are the carrier's own uploads", () => {
  const post = (carrier: Registered, file_url: string) =>
    identity.call('POST', '/users/insurance', { session: carrier.token, body: { file_url, expires_at: dateIn(100) } });
  const storedFor = async (carrier: Registered) => ({
    listed: (await identity.call('GET', '/users/insurance/me', { session: carrier.token })).body.items,
    rows: await identity.db('insurance_records').where({ user_id: carrier.user.id }).select('file_url', 'expires_at', 'notes'),
  });
  const refusedAsNotYours = (reply: { status: number; body: unknown }) => {
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ code: 'insurance_file_not_yours', message: messages.insuranceFileNotYours });
  };

  it("when a carrier registers another user's document, then 422 as for an unknown file, and nothing is stored", async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const other = await registerUser(identity, { role: 'carrier' });
    refusedAsNotYours(await post(carrier, uploadedFile(identity, other.user.id)));
    expect(await storedFor(carrier)).toEqual({ listed: [], rows: [] });
  });

  it('when the file is unknown to svc-tasks, then the same 422, and nothing is stored', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const unknown = '/api/files/0b6c1a52-3f4e-4a8b-9c1d-2e3f4a5b6c7d.pdf';
    refusedAsNotYours(await post(carrier, unknown));
    expect(identity.tasks.asked.at(-1)).toBe('0b6c1a52-3f4e-4a8b-9c1d-2e3f4a5b6c7d.pdf');
    expect(await storedFor(carrier)).toEqual({ listed: [], rows: [] });
  });

  it("when the file is the carrier's own photo (an image, not a document) or a guest's task photo, then 422", async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    refusedAsNotYours(await post(carrier, uploadedFile(identity, carrier.user.id, 'image')));
    refusedAsNotYours(await post(carrier, uploadedFile(identity, null, 'image')));
    expect(await storedFor(carrier)).toEqual({ listed: [], rows: [] });
  });

  it('when svc-tasks is down, then 503 with the service-unavailable text, and nothing is stored', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const own = uploadedFile(identity, carrier.user.id);
    identity.tasks.down = true;
    try {
      const reply = await post(carrier, own);
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ code: 'service_unavailable', message: messages.serviceUnavailable });
    } finally {
      identity.tasks.down = false;
    }
    expect(await storedFor(carrier)).toEqual({ listed: [], rows: [] });
    expect((await post(carrier, own)).status).toBe(201);
  });

  it("when a carrier changes a record's file to someone else's, then 422 and the record is as it was; to their own, then 200", async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const other = await registerUser(identity, { role: 'carrier' });
    const first = uploadedFile(identity, carrier.user.id);
    const created = await post(carrier, first);
    const before = await storedFor(carrier);
    const put = (body: object) => identity.call('PUT', `/users/insurance/${created.body.id}`, { session: carrier.token, body });

    refusedAsNotYours(await put({ file_url: uploadedFile(identity, other.user.id), notes: 'Ny police' }));
    refusedAsNotYours(await put({ file_url: '/api/files/0b6c1a52-3f4e-4a8b-9c1d-2e3f4a5b6c7d.pdf' }));
    expect(await storedFor(carrier)).toEqual(before);

    const renewed = uploadedFile(identity, carrier.user.id);
    const changed = await put({ file_url: renewed });
    expect(changed.status).toBe(200);
    expect(changed.body.file_url).toBe(renewed);
  });

  it("when an update keeps the record's file, then svc-tasks is not asked (it may even be down)", async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const own = uploadedFile(identity, carrier.user.id);
    const created = await post(carrier, own);
    identity.tasks.down = true;
    try {
      const reply = await identity.call('PUT', `/users/insurance/${created.body.id}`, { session: carrier.token, body: { file_url: own, notes: 'Fornyet' } });
      expect(reply.status).toBe(200);
      expect(reply.body.notes).toBe('Fornyet');
    } finally {
      identity.tasks.down = false;
    }
  });

  it("when a carrier changes the file of a record that is not theirs, then 404 before svc-tasks is asked", async () => {
    const owner = await registerUser(identity, { role: 'carrier' });
    const other = await registerUser(identity, { role: 'carrier' });
    const created = await post(owner, uploadedFile(identity, owner.user.id));
    const asked = identity.tasks.asked.length;
    const reply = await identity.call('PUT', `/users/insurance/${created.body.id}`, {
      session: other.token,
      body: { file_url: uploadedFile(identity, other.user.id) },
    });
    expect(reply.status).toBe(404);
    expect(identity.tasks.asked).toHaveLength(asked);
  });
});

describe('insurance without a reachable svc-tasks', () => {
  // The harness fakes svc-tasks unless a TASKS_URL is given; then the service's real client calls it.
  it.each([
    ['points where nothing answers', 'http://127.0.0.1:9'],
    ['is not configured (blank counts as unset)', ' '],
  ])('when TASKS_URL %s, then registering insurance is 503 (never 500) and nothing is stored', async (_, tasksUrl) => {
    const cutOff = await startIdentity({ TASKS_URL: tasksUrl });
    try {
      const carrier = await registerUser(cutOff, { role: 'carrier' });
      const reply = await cutOff.call('POST', '/users/insurance', {
        session: carrier.token,
        body: { file_url: '/api/files/0b6c1a52-3f4e-4a8b-9c1d-2e3f4a5b6c7d.pdf' },
      });
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ code: 'service_unavailable', message: messages.serviceUnavailable });
      expect(await cutOff.db('insurance_records').where({ user_id: carrier.user.id })).toEqual([]);
    } finally {
      await cutOff.close();
    }
  });
});

describe('insurance expiry reminders', () => {
  it('when a record expires within 30 days, then the carrier is mailed once; later or past ones are not', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const post = (expires_at: string) =>
      identity.call('POST', '/users/insurance', { session: carrier.token, body: { file_url: uploadedFile(identity, carrier.user.id), expires_at } });
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

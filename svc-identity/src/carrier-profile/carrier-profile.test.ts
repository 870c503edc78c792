/**
 * identity.carrier.profile_updated (issue 13): what the public carrier page shows from identity — CVR number, whether
 * the company register knows it, the latest insurance expiry — follows registration, insurance and billing approval.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventTypes, type EventEnvelope, type EventPayload } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerTransport, registerUser, seedAdmin, startIdentity, uploadedFile, type StartedIdentity } from '../test-harness';

type Profile = EventPayload<typeof eventTypes.carrierProfileUpdated>;

let identity: StartedIdentity;
let admin: string;
let register: Server;

/** A cvrapi.dk stand-in that knows one company. */
function startRegister(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/api?search=12345674')) {
      res.end(JSON.stringify({ vat: 12345674, name: 'Fragt Test ApS', address: 'Havnegade 1', zipcode: '8000', city: 'Aarhus C', enddate: null }));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'NOT_FOUND' }));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

beforeAll(async () => {
  const fake = await startRegister();
  register = fake.server;
  identity = await startIdentity({
    SEED_ADMIN_EMAIL: seedAdmin.email,
    SEED_ADMIN_PASSWORD: seedAdmin.password,
    CVR_PROVIDER: 'cvrapi',
    CVR_BASE_URL: fake.url,
  });
  admin = (await identity.call('POST', '/auth/login', { headers: bearerTransport, body: seedAdmin })).body.token;
});
afterAll(async () => {
  await identity?.close();
  await new Promise((done) => register?.close(done));
});

const profileEvents = (userId: number) =>
  identity.published.filter((e): e is EventEnvelope<Profile> => e.type === eventTypes.carrierProfileUpdated && (e.data as Profile).userId === userId);

/** The newest profile event of the user once one matches. */
const latestProfile = (userId: number, matches: (profile: Profile) => boolean = () => true) =>
  waitFor(() => {
    const latest = profileEvents(userId).at(-1)?.data;
    if (!latest || !matches(latest)) throw new Error(`no matching profile event for ${userId}: ${JSON.stringify(latest)}`);
    return latest;
  });

async function approvedCvr(carrierToken: string, cvrNumber: string): Promise<void> {
  const billing = { company: 'Fragt Test ApS', cvrNumber, address: 'Havnegade 1', postalCode: '8000', city: 'Aarhus C', country: 'Danmark' };
  const submitted = await identity.call('POST', '/users/billing-changes', { session: carrierToken, body: { data: billing } });
  expect(submitted.status).toBe(201);
  expect((await identity.call('PUT', `/admin/billing-changes/${submitted.body.id}/approve`, { session: admin })).status).toBe(200);
}

describe('carrier profile events', () => {
  it('when a carrier registers, then their profile is announced without CVR or insurance; a customer gets none', async () => {
    const carrier = await registerUser(identity, { role: 'carrier', company: 'Ny Fragt' });
    expect(await latestProfile(carrier.user.id)).toMatchObject({ userId: carrier.user.id, cvrNumber: null, cvrVerified: false, insuredUntil: null });
    expect(Number.isNaN(Date.parse((await latestProfile(carrier.user.id)).memberSince))).toBe(false);

    const customer = await registerUser(identity);
    await waitFor(() => expect(identity.published.some((e) => e.type === eventTypes.userRegistered && (e.data as { userId: number }).userId === customer.user.id)).toBe(true));
    expect(profileEvents(customer.user.id)).toEqual([]);
  });

  it('when an admin approves, blocks, unblocks or rejects the carrier, then whether their public page is listed is announced', async () => {
    const carrier = await registerUser(identity, { role: 'carrier', company: 'Liste Fragt' });
    expect(await latestProfile(carrier.user.id)).toMatchObject({ listed: false }); // awaiting approval
    const steps = [
      ['approve', true],
      ['block', false],
      ['unblock', true],
      ['reject', false],
    ] as const;
    for (const [action, listed] of steps) {
      expect((await identity.call('PUT', `/admin/users/${carrier.user.id}/${action}`, { session: admin })).status, action).toBe(200);
      expect(await latestProfile(carrier.user.id, (profile) => profile.listed === listed), action).toMatchObject({ listed });
    }
  });

  it('when the carrier adds or changes insurance, then the latest expiry date is announced', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const fileUrl = uploadedFile(identity, carrier.user.id);
    const first = await identity.call('POST', '/users/insurance', { session: carrier.token, body: { file_url: fileUrl, expires_at: '2031-05-01' } });
    expect(first.status).toBe(201);
    await latestProfile(carrier.user.id, (p) => p.insuredUntil === '2031-05-01');
    expect((await identity.call('POST', '/users/insurance', { session: carrier.token, body: { file_url: fileUrl, expires_at: '2030-01-01' } })).status).toBe(201);
    expect((await identity.call('PUT', `/users/insurance/${first.body.id}`, { session: carrier.token, body: { expires_at: '2020-01-01' } })).status).toBe(200);
    await latestProfile(carrier.user.id, (p) => p.insuredUntil === '2030-01-01');
  });

  it('when an admin approves a CVR number the register knows, then it is announced as verified; an unknown one is not', async () => {
    const known = await registerUser(identity, { role: 'carrier' });
    await approvedCvr(known.token, '12345674');
    expect(await latestProfile(known.user.id, (p) => p.cvrVerified)).toMatchObject({ cvrNumber: '12345674', cvrVerified: true });

    const unknown = await registerUser(identity, { role: 'carrier' });
    await approvedCvr(unknown.token, '87654303');
    expect(await latestProfile(unknown.user.id, (p) => p.cvrNumber === '87654303')).toMatchObject({ cvrVerified: false });
    const row = await identity.db('users').where({ id: unknown.user.id }).first();
    expect(row.cvr_verified_number).toBeNull();
  });

  it('when the carrier looks up another company, then their own verification is untouched', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    await approvedCvr(carrier.token, '87654303');
    await latestProfile(carrier.user.id, (p) => p.cvrNumber === '87654303');
    const before = profileEvents(carrier.user.id).length;
    expect((await identity.call('GET', '/cvr/12345674', { session: carrier.token })).status).toBe(200);
    expect((await identity.call('GET', '/cvr/87654303', { session: carrier.token })).status).toBe(404);
    expect(profileEvents(carrier.user.id).length).toBe(before);
  });
});

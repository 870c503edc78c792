import { billingChangeSchema, messages } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller, registerUser, seedAdmin, userUpdatesOf, startIdentity, waitForMail, type StartedIdentity, bearerTransport } from '../test-harness';

let identity: StartedIdentity;
let admin: string;

beforeAll(async () => {
  identity = await startIdentity({ SEED_ADMIN_EMAIL: seedAdmin.email, SEED_ADMIN_PASSWORD: seedAdmin.password });
  admin = (await identity.call('POST', '/auth/login', { headers: bearerTransport, body: seedAdmin })).body.token;
});
afterAll(async () => {
  await identity?.close();
});

const billing = {
  company: 'Flyt & Fragt ApS',
  cvrNumber: '12345674',
  address: 'Havnegade 1',
  postalCode: '8000',
  city: 'Aarhus C',
  country: 'Danmark',
};

describe('billing details (customers save directly)', () => {
  it('when a customer saves billing details, then they are kept and the success text comes back', async () => {
    const { user, token } = await registerUser(identity);
    const reply = await identity.call('PUT', '/users/billing', { session: token, body: billing });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ billing, message: 'Faktureringsoplysninger gemt' });
    expect((await identity.call('GET', '/users/billing', { session: token })).body.billing).toEqual(billing);
    expect((await identity.call('GET', '/auth/profile', { session: token })).body.user).toMatchObject({ cvrNumber: '12345674', city: 'Aarhus C' });
    // The other services' directories learn the company and address.
    expect(await userUpdatesOf(identity, user.id)).toContainEqual(expect.objectContaining({ company: billing.company, address: 'Havnegade 1, 8000 Aarhus C' }));
  });

  it('when CVR, postal code or country are wrong, then 400 with the texts of spec 5', async () => {
    const { token } = await registerUser(identity);
    const reply = await identity.call('PUT', '/users/billing', {
      session: token,
      body: { ...billing, cvrNumber: '1234', postalCode: '80000', country: 'Frankrig' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual(
      expect.arrayContaining([
        { path: 'cvrNumber', message: 'CVR-nummer skal være 8 cifre' },
        { path: 'postalCode', message: 'Postnummer skal være 4 cifre' },
        { path: 'country', message: messages.countryInvalid },
      ]),
    );
  });

  it('when CVR and postal code are left empty, then they are optional and the country defaults to Danmark', async () => {
    const { token } = await registerUser(identity);
    const reply = await identity.call('PUT', '/users/billing', { session: token, body: { company: 'Privat', cvrNumber: '', postalCode: '' } });
    expect(reply.status).toBe(200);
    expect(reply.body.billing).toMatchObject({ cvrNumber: null, postalCode: null, country: 'Danmark' });
  });

  it('when a carrier PUTs billing directly, then 403 and nothing changes', async () => {
    const { token, user } = await registerUser(identity, { role: 'carrier' });
    const reply = await identity.call('PUT', '/users/billing', { session: token, body: billing });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('billing_change_required');
    const row = await identity.db('users').where({ id: user.id }).first();
    expect(row.cvr_number).toBeNull();
  });
});

describe("a carrier's company, CVR and address change only through an approved billing change, on every route", () => {
  const companyOf = async (userId: number) => ((await identity.db('users').where({ id: userId }).first()) as { company: string | null }).company;

  it('when a carrier renames its company through PUT /users/{own id}, then 403 billing_change_required and nothing changes', async () => {
    const carrier = await registerUser(identity, { role: 'carrier', company: 'Små Flytninger ApS' });
    const reply = await identity.call('PUT', `/users/${carrier.user.id}`, {
      session: carrier.token,
      body: { company: 'DSV Road A/S (officiel partner)' },
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 'billing_change_required', message: messages.carrierBillingNeedsApproval });
    expect(await companyOf(carrier.user.id)).toBe('Små Flytninger ApS');
    // Emptying it is a change too.
    expect((await identity.call('PUT', `/users/${carrier.user.id}`, { session: carrier.token, body: { company: null } })).status).toBe(403);
    expect(await companyOf(carrier.user.id)).toBe('Små Flytninger ApS');
  });

  it('when a carrier sends its unchanged company with a new name through PUT /users/{own id}, then the name is saved', async () => {
    const carrier = await registerUser(identity, { role: 'carrier', company: 'Små Flytninger ApS' });
    const reply = await identity.call('PUT', `/users/${carrier.user.id}`, {
      session: carrier.token,
      body: { name: 'Ny Navn', company: 'Små Flytninger ApS' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ name: 'Ny Navn', company: 'Små Flytninger ApS' });
  });

  it('when a carrier sends company, CVR or address with PUT /users/profile, then 400 and nothing changes', async () => {
    const carrier = await registerUser(identity, { role: 'carrier', company: 'Små Flytninger ApS' });
    for (const body of [{ company: 'DSV Road A/S' }, { cvrNumber: '12345674' }, { address: 'Havnegade 1' }]) {
      const reply = await identity.call('PUT', '/users/profile', { session: carrier.token, body });
      expect(reply.status).toBe(400);
    }
    const row = await identity.db('users').where({ id: carrier.user.id }).first();
    expect(row).toMatchObject({ company: 'Små Flytninger ApS', cvr_number: null, address: null });
  });

  it('when an admin renames a carrier\'s company through PUT /users/{id}, then it is saved', async () => {
    const carrier = await registerUser(identity, { role: 'carrier', company: 'Små Flytninger ApS' });
    const reply = await identity.call('PUT', `/users/${carrier.user.id}`, { session: admin, body: { company: 'Store Flytninger A/S' } });
    expect(reply.status).toBe(200);
    expect(await companyOf(carrier.user.id)).toBe('Store Flytninger A/S');
  });

  it('when a customer renames its own company through PUT /users/{own id}, then it is saved (customers need no approval)', async () => {
    const customer = await registerUser(identity, { company: 'Kunde ApS' });
    const reply = await identity.call('PUT', `/users/${customer.user.id}`, { session: customer.token, body: { company: 'Kunde 2 ApS' } });
    expect(reply.status).toBe(200);
    expect(await companyOf(customer.user.id)).toBe('Kunde 2 ApS');
  });
});

describe('billing changes (carriers, approved by an admin)', () => {
  it('when a carrier submits a change and the admin approves it, then the values become theirs and they are mailed', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const submitted = await identity.call('POST', '/users/billing-changes', { session: carrier.token, body: { data: billing } });
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ status: 'pending', message: 'Ændringer sendt til godkendelse' });
    const mine = await identity.call('GET', '/users/billing-changes/me', { session: carrier.token });
    expect(mine.body.change).toMatchObject({ id: submitted.body.id, status: 'pending' });
    // Nothing applies before the decision.
    expect((await identity.call('GET', '/users/billing', { session: carrier.token })).body.billing.cvrNumber).toBeNull();

    const pending = await identity.call('GET', '/admin/billing-changes?status=pending', { session: admin });
    expect(pending.status).toBe(200);
    const listed = pending.body.items.find((item: { id: number }) => item.id === submitted.body.id);
    expect(billingChangeSchema.parse(listed).user).toMatchObject({ id: carrier.user.id, email: carrier.user.email });

    const approved = await identity.call('PUT', `/admin/billing-changes/${submitted.body.id}/approve`, { session: admin });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect((await identity.call('GET', '/users/billing', { session: carrier.token })).body.billing).toEqual(billing);
    // Other services learn the carrier's company from the event (svc-tasks shows it on the task and freight note).
    const updates = (await identity.db('outbox').where({ type: 'identity.user.updated' })) as Array<{ data: unknown }>;
    const payloads = updates.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data));
    expect(payloads).toContainEqual({
      userId: carrier.user.id,
      name: carrier.user.name,
      email: carrier.user.email,
      company: billing.company,
      role: 'carrier',
      phone: null,
      address: 'Havnegade 1, 8000 Aarhus C',
      hasBankDetails: false,
    });
    const mail = await waitForMail(identity, carrier.user.email, /faktureringsoplysninger er godkendt/);
    expect(mail.text).toContain('/profile?tab=billing');
    const stillPending = await identity.call('GET', '/admin/billing-changes?status=pending', { session: admin });
    expect(stillPending.body.items.map((item: { id: number }) => item.id)).not.toContain(submitted.body.id);
  });

  it('when the admin rejects a change, then the old values stay, the carrier is mailed, and a second decision is 409', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const submitted = await identity.call('POST', '/users/billing-changes', { session: carrier.token, body: { data: billing } });
    const rejected = await identity.call('PUT', `/admin/billing-changes/${submitted.body.id}/reject`, { session: admin });
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe('rejected');
    expect((await identity.call('GET', '/users/billing', { session: carrier.token })).body.billing.company).toBeNull();
    await waitForMail(identity, carrier.user.email, /afvist/);
    const again = await identity.call('PUT', `/admin/billing-changes/${submitted.body.id}/approve`, { session: admin });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('billing_change_decided');
  });

  it('when a carrier already has a pending change, then a second one is 409', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    expect((await identity.call('POST', '/users/billing-changes', { session: carrier.token, body: { data: billing } })).status).toBe(201);
    const second = await identity.call('POST', '/users/billing-changes', { session: carrier.token, body: { data: billing } });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(messages.billingChangeAlreadyPending);
  });

  it('when a customer or a carrier calls the admin endpoints or a customer submits a change, then 403', async () => {
    const customer = await registerUser(identity);
    const carrier = await registerUser(identity, { role: 'carrier' });
    expect((await identity.call('POST', '/users/billing-changes', { session: customer.token, body: { data: billing } })).status).toBe(403);
    expect((await identity.call('GET', '/admin/billing-changes', { session: carrier.token })).status).toBe(403);
    expect((await identity.call('PUT', '/admin/billing-changes/1/approve', { as: asCaller(carrier.user) })).status).toBe(403);
  });

  it('when the status filter or id is wrong, then 400; an unknown id 404', async () => {
    expect((await identity.call('GET', '/admin/billing-changes?status=maybe', { session: admin })).status).toBe(400);
    const badId = await identity.call('PUT', '/admin/billing-changes/abc/approve', { session: admin });
    expect(badId.status).toBe(400);
    expect(badId.body.code).toBe('invalid_billing_change_id');
    expect((await identity.call('PUT', '/admin/billing-changes/999999/approve', { session: admin })).status).toBe(404);
  });
});

describe('bank details (carriers only)', () => {
  it('when a carrier saves reg.nr. and account, then they come back with the success text', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const reply = await identity.call('PUT', '/users/bank-info', { session: carrier.token, body: { bankReg: '1234', bankAccount: '0012 345678' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ bankReg: '1234', bankAccount: '0012345678', message: 'Bankoplysninger opdateret' });
    expect((await identity.call('GET', '/users/bank-info', { session: carrier.token })).body).toEqual({ bankReg: '1234', bankAccount: '0012345678' });
  });

  it('when a carrier saves bank details, then identity.user.updated tells the other services (svc-ledger) that they have some', async () => {
    const { user, token } = await registerUser(identity, { role: 'carrier' });
    expect(await userUpdatesOf(identity, user.id)).not.toContainEqual(expect.objectContaining({ hasBankDetails: true }));
    expect((await identity.call('PUT', '/users/bank-info', { session: token, body: { bankReg: '1234', bankAccount: '12345678' } })).status).toBe(200);
    expect((await userUpdatesOf(identity, user.id)).at(-1)).toMatchObject({ userId: user.id, role: 'carrier', hasBankDetails: true });
  });

  it('when reg.nr. is not 4 digits or the account longer than 10, then 400', async () => {
    const carrier = await registerUser(identity, { role: 'carrier' });
    const reply = await identity.call('PUT', '/users/bank-info', { session: carrier.token, body: { bankReg: '123', bankAccount: '12345678901' } });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual([
      { path: 'bankReg', message: messages.bankRegInvalid },
      { path: 'bankAccount', message: messages.bankAccountInvalid },
    ]);
  });

  it('when a customer asks for the bank endpoint, then 403', async () => {
    const customer = await registerUser(identity);
    expect((await identity.call('GET', '/users/bank-info', { session: customer.token })).status).toBe(403);
    const put = await identity.call('PUT', '/users/bank-info', { session: customer.token, body: { bankReg: '1234', bankAccount: '1' } });
    expect(put.status).toBe(403);
    expect(put.body.code).toBe('carriers_only');
  });
});

describe('PUT /users/profile', () => {
  it('when a user changes name, phone and saved addresses, then the profile shows them', async () => {
    const { token } = await registerUser(identity);
    const reply = await identity.call('PUT', '/users/profile', {
      session: token,
      body: { name: 'Nyt Navn', phone: '22334455', savedAddresses: [{ name: 'Hjem', address: 'Vestergade 2, 8000 Aarhus C' }] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(messages.profileSaved);
    expect(reply.body.user).toMatchObject({ name: 'Nyt Navn', phone: '22334455', savedAddresses: [{ name: 'Hjem', address: 'Vestergade 2, 8000 Aarhus C' }] });
    const cleared = await identity.call('PUT', '/users/profile', { session: token, body: { savedAddresses: [] } });
    expect(cleared.body.user.savedAddresses).toEqual([]);
  });

  it('when a user changes only the phone, then identity.user.updated tells the other services the new phone', async () => {
    const { user, token } = await registerUser(identity, { role: 'carrier' });
    expect((await identity.call('PUT', '/users/profile', { session: token, body: { phone: '+45 40 50 60 70' } })).status).toBe(200);
    expect(await userUpdatesOf(identity, user.id)).toContainEqual(expect.objectContaining({ userId: user.id, phone: '+45 40 50 60 70' }));
  });

  it('when the name is blank or the phone is not a phone number, then 400 with the Danish text and nothing changes', async () => {
    const { token } = await registerUser(identity);
    await identity.call('PUT', '/users/profile', { session: token, body: { name: 'Rigtigt Navn', phone: '+45 22 33 44 55' } });
    const badPhone = await identity.call('PUT', '/users/profile', { session: token, body: { phone: 'ring til mig' } });
    expect(badPhone.status).toBe(400);
    expect(JSON.stringify(badPhone.body)).toContain(messages.contactPhoneInvalid);
    const blankName = await identity.call('PUT', '/users/profile', { session: token, body: { name: '  ' } });
    expect(blankName.status).toBe(400);
    expect(JSON.stringify(blankName.body)).toContain(messages.nameRequired);
    expect((await identity.call('GET', '/auth/profile', { session: token })).body.user).toMatchObject({ name: 'Rigtigt Navn', phone: '+45 22 33 44 55' });
    const cleared = await identity.call('PUT', '/users/profile', { session: token, body: { phone: '' } });
    expect(cleared.body.user.phone).toBeNull();
  });

  it('when the body carries other fields (role), then 400', async () => {
    const { token } = await registerUser(identity);
    expect((await identity.call('PUT', '/users/profile', { session: token, body: { role: 'admin' } })).status).toBe(400);
  });
});

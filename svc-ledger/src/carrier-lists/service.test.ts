import { carrierListSchema, carrierListsSchema, messages } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLedger, user, type StartedLedger } from '../test-harness';

let ledger: StartedLedger;
const admin = user('admin');

beforeAll(async () => {
  ledger = await startLedger();
});
afterAll(async () => {
  await ledger?.close();
});

async function lists() {
  const reply = await ledger.call('GET', '/admin/carrier-lists', { as: admin });
  expect(reply.status).toBe(200);
  return carrierListsSchema.parse(reply.body).items;
}

async function createList(body: Record<string, unknown>) {
  const reply = await ledger.call('POST', '/admin/carrier-lists', { as: admin, body });
  expect(reply.status).toBe(201);
  return carrierListSchema.parse(reply.body);
}

describe('carrier lists', () => {
  it('when the service starts, then lists A, B and C exist with 8, 10 and 12 % and no fixed or minimum fee', async () => {
    const seeded = await lists();
    expect(seeded.map(({ name, feePercentage, fixedFee, minFee, carrierCount }) => ({ name, feePercentage, fixedFee, minFee, carrierCount }))).toEqual([
      { name: 'A', feePercentage: 8, fixedFee: 0, minFee: 0, carrierCount: 0 },
      { name: 'B', feePercentage: 10, fixedFee: 0, minFee: 0, carrierCount: 0 },
      { name: 'C', feePercentage: 12, fixedFee: 0, minFee: 0, carrierCount: 0 },
    ]);
    for (const list of seeded) expect(list.description.length).toBeGreaterThan(0);
  });

  it('when an admin creates a list, then it is answered 201 and listed', async () => {
    const created = await createList({ name: ' Premium ', description: 'Store kunder', feePercentage: 6.75, fixedFee: 12.5, minFee: 25 });
    expect(created).toMatchObject({ name: 'Premium', description: 'Store kunder', feePercentage: 6.75, fixedFee: 12.5, minFee: 25, carrierCount: 0 });
    expect((await lists()).map((list) => list.name)).toContain('Premium');
  });

  it('when a list is created with only a name and fee, then its description is empty and its fees 0', async () => {
    const created = await createList({ name: 'Kun navn', feePercentage: '9,5' });
    expect(created).toMatchObject({ description: '', feePercentage: 9.5, fixedFee: 0, minFee: 0 });
  });

  it('when the name is taken (in any case), then 409 and nothing is created', async () => {
    const count = (await lists()).length;
    const reply = await ledger.call('POST', '/admin/carrier-lists', { as: admin, body: { name: 'a', feePercentage: 5 } });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ code: 'carrier_list_name_taken', message: messages.carrierListNameTaken });
    expect((await lists()).length).toBe(count);
  });

  it('when an admin changes a list, then only the given fields change', async () => {
    const created = await createList({ name: 'Til ændring', description: 'før', feePercentage: 5, fixedFee: 1 });
    const reply = await ledger.call('PUT', `/admin/carrier-lists/${created.id}`, { as: admin, body: { feePercentage: 7.25, description: null } });
    expect(reply.status).toBe(200);
    expect(carrierListSchema.parse(reply.body)).toMatchObject({ id: created.id, name: 'Til ændring', description: '', feePercentage: 7.25, fixedFee: 1 });
    const renamed = await ledger.call('PUT', `/admin/carrier-lists/${created.id}`, { as: admin, body: { name: 'Ændret' } });
    expect(renamed.body.name).toBe('Ændret');
  });

  it('when a list is renamed to a name that is taken, then 409', async () => {
    const created = await createList({ name: 'Omdøbes', feePercentage: 5 });
    const reply = await ledger.call('PUT', `/admin/carrier-lists/${created.id}`, { as: admin, body: { name: 'B' } });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('carrier_list_name_taken');
  });

  it('when the list does not exist, then PUT and DELETE answer 404', async () => {
    const put = await ledger.call('PUT', '/admin/carrier-lists/999999', { as: admin, body: { feePercentage: 5 } });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ code: 'carrier_list_not_found', message: messages.carrierListNotFound });
    const del = await ledger.call('DELETE', '/admin/carrier-lists/999999', { as: admin });
    expect(del.status).toBe(404);
    expect(del.body.code).toBe('carrier_list_not_found');
  });

  it('when a list has no carriers, then it can be deleted', async () => {
    const created = await createList({ name: 'Slettes', feePercentage: 5 });
    const reply = await ledger.call('DELETE', `/admin/carrier-lists/${created.id}`, { as: admin });
    expect(reply.status).toBe(204);
    expect((await lists()).map((list) => list.id)).not.toContain(created.id);
  });

  it('when a list has carriers, then deleting it is refused with 409 until they are moved off', async () => {
    const created = await createList({ name: 'I brug', feePercentage: 5 });
    const carrier = user('carrier');
    const assigned = await ledger.call('POST', '/admin/carrier-lists/assignments', { as: admin, body: { userId: carrier.id, listId: created.id } });
    expect(assigned.status).toBe(201);
    expect((await lists()).find((list) => list.id === created.id)?.carrierCount).toBe(1);

    const refused = await ledger.call('DELETE', `/admin/carrier-lists/${created.id}`, { as: admin });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'carrier_list_in_use', message: messages.carrierListInUse });

    await ledger.call('DELETE', `/admin/carrier-lists/assignments/${assigned.body.id}`, { as: admin });
    const deleted = await ledger.call('DELETE', `/admin/carrier-lists/${created.id}`, { as: admin });
    expect(deleted.status).toBe(204);
  });

  const invalidCreate: Array<[string, Record<string, unknown>, string, string]> = [
    ['no name', { feePercentage: 5 }, 'name', messages.carrierListNameRequired],
    ['a blank name', { name: '   ', feePercentage: 5 }, 'name', messages.carrierListNameRequired],
    ['a name as a number', { name: 7, feePercentage: 5 }, 'name', messages.carrierListNameRequired],
    ['a name of 51 characters', { name: 'x'.repeat(51), feePercentage: 5 }, 'name', messages.carrierListNameTooLong],
    ['a description of 501 characters', { name: 'Lang', description: 'x'.repeat(501), feePercentage: 5 }, 'description', messages.carrierListDescriptionTooLong],
    ['a description as a number', { name: 'Tal', description: 5, feePercentage: 5 }, 'description', messages.carrierListDescriptionTooLong],
    ['no fee percentage', { name: 'Uden gebyr' }, 'feePercentage', messages.carrierFeePercentageRange],
    ['a fee percentage above 100', { name: 'Høj', feePercentage: 150 }, 'feePercentage', messages.carrierFeePercentageRange],
    ['a fee percentage with three decimals', { name: 'Præcis', feePercentage: 8.125 }, 'feePercentage', messages.percentageDecimals],
    ['a negative fixed fee', { name: 'Negativ', feePercentage: 5, fixedFee: -1 }, 'fixedFee', messages.fixedFeeMin],
    ['a fixed fee with øre fractions', { name: 'Brøk', feePercentage: 5, fixedFee: 0.555 }, 'fixedFee', messages.amountDecimals],
    ['a negative minimum fee', { name: 'Minus', feePercentage: 5, minFee: -5 }, 'minFee', messages.minFeeMin],
    ['a minimum fee over a million', { name: 'Stor', feePercentage: 5, minFee: 1_000_001 }, 'minFee', messages.amountTooLarge],
  ];
  it.each(invalidCreate)('when a new list has %s, then 400 with its Danish message', async (_, body, path, message) => {
    const reply = await ledger.call('POST', '/admin/carrier-lists', { as: admin, body });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_input', message, details: [{ path, message }] });
  });

  const invalidUpdate: Array<[string, Record<string, unknown>, string]> = [
    ['nothing to change', {}, messages.noChangesGiven],
    ['a blank name', { name: '' }, messages.carrierListNameRequired],
    ['a fee percentage below 0', { feePercentage: -0.01 }, messages.carrierFeePercentageRange],
    ['a negative fixed fee', { fixedFee: -2 }, messages.fixedFeeMin],
  ];
  it.each(invalidUpdate)('when a list change has %s, then 400 with its Danish message', async (_, body, message) => {
    const [first] = await lists();
    const reply = await ledger.call('PUT', `/admin/carrier-lists/${first?.id}`, { as: admin, body });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('invalid_input');
    expect(reply.body.message).toBe(message);
  });

  it('when the name holds a character the database cannot store, then 400, not 500', async () => {
    const reply = await ledger.call('POST', '/admin/carrier-lists', { as: admin, body: { name: 'Nul\u0000Tegn', feePercentage: 5 } });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('invalid_input');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1e3'])('when the list id is %s, then 400 Ugyldigt liste-id', async (badId) => {
    for (const method of ['PUT', 'DELETE']) {
      const reply = await ledger.call(method, `/admin/carrier-lists/${badId}`, { as: admin, body: method === 'PUT' ? { feePercentage: 5 } : undefined });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ code: 'invalid_carrier_list_id', message: messages.invalidCarrierListId });
    }
  });
});

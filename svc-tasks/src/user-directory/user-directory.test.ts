/** Names, not numbers: svc-tasks keeps users' names from identity events and the task carries its carrier's name. */
import { eventTypes, type AuthUser } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignByAcceptance, startTasks, taskBody, user, type StartedTasks } from '../test-harness';
import { deletedUserName } from '.';

let tasks: StartedTasks;
const owner = user('customer');
const admin = user('admin');
let nextBidId = 9_000;

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

const entry = (id: number) => tasks.db('user_directory').where({ user_id: id }).first();

async function assignedTask(carrier: AuthUser): Promise<number> {
  const reply = await tasks.call('POST', '/tasks', { as: owner, body: taskBody('moving') });
  expect(reply.status).toBe(201);
  const taskId = reply.body.id as number;
  await assignByAcceptance(tasks, { taskId, carrierId: carrier.id, customerId: owner.id, bidId: nextBidId++ });
  return taskId;
}

describe('user directory', () => {
  it('when the assigned carrier registered, then the task carries their name and company for the owner and admin', async () => {
    const carrier = user('carrier');
    await tasks.publish(eventTypes.userRegistered, { userId: carrier.id, role: 'carrier', name: 'Lars Hansen', email: 'lars@example.dk', company: 'Hansen Fragt ApS' });
    await waitFor(async () => Boolean(await entry(carrier.id)));
    const taskId = await assignedTask(carrier);
    for (const as of [owner, admin, carrier]) {
      const reply = await tasks.call('GET', `/tasks/${taskId}`, { as });
      expect(reply.status).toBe(200);
      expect(reply.body.assigned_carrier).toMatchObject({ id: carrier.id, name: 'Lars Hansen', company: 'Hansen Fragt ApS' });
    }
    const outsider = await tasks.call('GET', `/tasks/${taskId}`, { as: user('carrier') });
    expect(outsider.body.assigned_carrier).toBeUndefined();
  });

  it('when the carrier changes name and company, then the task shows the new ones; after deletion a neutral name', async () => {
    const carrier = user('carrier');
    await tasks.publish(eventTypes.userRegistered, { userId: carrier.id, role: 'carrier', name: 'Gammelt Navn', email: 'g@example.dk' });
    await waitFor(async () => Boolean(await entry(carrier.id)));
    const taskId = await assignedTask(carrier);
    await tasks.publish(eventTypes.userUpdated, { userId: carrier.id, name: 'Nyt Navn', email: 'g@example.dk', company: 'Nyt Firma A/S' });
    await waitFor(async () => (await entry(carrier.id))?.name === 'Nyt Navn');
    expect((await tasks.call('GET', `/tasks/${taskId}`, { as: owner })).body.assigned_carrier).toMatchObject({ id: carrier.id, name: 'Nyt Navn', company: 'Nyt Firma A/S' });

    await tasks.publish(eventTypes.userDeleted, { userId: carrier.id, deletedBy: admin.id });
    await waitFor(async () => (await entry(carrier.id))?.name === deletedUserName);
    expect((await entry(carrier.id))?.email).toBeNull();
  });

  it('when a carrier is assigned, then owner, admin and the carrier get its contact details; a bidder and a task before assignment do not', async () => {
    const carrier = user('carrier');
    const bidder = user('carrier');
    await tasks.publish(eventTypes.userRegistered, {
      userId: carrier.id,
      role: 'carrier',
      name: 'Mads Vognmand',
      email: 'mads@example.dk',
      company: 'Mads Fragt ApS',
      phone: '+45 20 30 40 50',
      address: 'Havnegade 1, 8000 Aarhus C',
    });
    await tasks.publish(eventTypes.carrierProfileUpdated, { userId: carrier.id, cvrNumber: '12345678', cvrVerified: true, insuredUntil: null, memberSince: '2024-03-01T10:00:00.000Z' });
    await waitFor(async () => Boolean((await entry(carrier.id)) && (await tasks.db('carrier_profiles').where({ user_id: carrier.id }).first())));

    const open = await tasks.call('POST', '/tasks', { as: owner, body: taskBody('moving') });
    await tasks.db('task_bidders').insert({ task_id: open.body.id, carrier_id: carrier.id });
    expect((await tasks.call('GET', `/tasks/${open.body.id}`, { as: carrier })).body.assigned_carrier).toBeUndefined();
    expect((await tasks.call('GET', `/tasks/${open.body.id}`, { as: owner })).body.assigned_carrier).toBeNull();

    const taskId = await assignedTask(carrier);
    await tasks.db('task_bidders').insert({ task_id: taskId, carrier_id: bidder.id });
    const contact = {
      id: carrier.id,
      name: 'Mads Vognmand',
      company: 'Mads Fragt ApS',
      cvrNumber: '12345678',
      email: 'mads@example.dk',
      phone: '+45 20 30 40 50',
      address: 'Havnegade 1, 8000 Aarhus C',
    };
    for (const as of [owner, admin, carrier]) {
      expect((await tasks.call('GET', `/tasks/${taskId}`, { as })).body.assigned_carrier).toEqual(contact);
    }
    for (const as of [bidder, user('customer'), null]) {
      const reply = await tasks.call('GET', `/tasks/${taskId}`, { as });
      expect(JSON.stringify(reply.body)).not.toContain('20 30 40 50');
    }

    // An update from before phone and address were announced keeps them; one that clears the phone clears it.
    await tasks.publish(eventTypes.userUpdated, { userId: carrier.id, name: 'Mads V.', email: 'mads@example.dk', company: 'Mads Fragt ApS' });
    await waitFor(async () => (await entry(carrier.id))?.name === 'Mads V.');
    expect((await tasks.call('GET', `/tasks/${taskId}`, { as: owner })).body.assigned_carrier).toMatchObject({ phone: '+45 20 30 40 50', address: 'Havnegade 1, 8000 Aarhus C' });
    await tasks.publish(eventTypes.userUpdated, { userId: carrier.id, name: 'Mads Vognmand', email: 'mads@example.dk', company: null, phone: null, address: null });
    await waitFor(async () => (await entry(carrier.id))?.name === 'Mads Vognmand');
    expect((await tasks.call('GET', `/tasks/${taskId}`, { as: owner })).body.assigned_carrier).toMatchObject({ phone: null, address: null });
  });

  it('when an admin lists deletion requests or resolves one, then each carries the name of its requester', async () => {
    const customer = user('customer');
    await tasks.publish(eventTypes.userRegistered, { userId: customer.id, role: 'customer', name: 'Karen Jensen', email: 'karen@example.dk' });
    await waitFor(async () => Boolean(await entry(customer.id)));
    const created = await tasks.call('POST', '/tasks', { as: customer, body: taskBody('moving') });
    const asked = await tasks.call('POST', `/tasks/${created.body.id}/deletion-requests`, { as: customer, body: { reason: 'Fortrudt' } });
    expect(asked.status).toBe(201);
    const list = await tasks.call('GET', `/tasks/${created.body.id}/deletion-requests`, { as: admin });
    expect(list.status).toBe(200);
    expect(list.body.items).toMatchObject([{ requested_by: customer.id, requester_name: 'Karen Jensen' }]);
    // The answer replaces the pending request in the admin's list: the name stays.
    const rejected = await tasks.call('PUT', `/tasks/${created.body.id}/deletion-requests/${asked.body.id}`, { as: admin, body: { action: 'reject' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.request).toMatchObject({ status: 'rejected', requester_name: 'Karen Jensen' });
  });

  it('when an admin lists tasks, then each names its customer and assigned carrier; a customer\'s list does not', async () => {
    const customer = user('customer');
    const carrier = user('carrier');
    await tasks.publish(eventTypes.userRegistered, { userId: customer.id, role: 'customer', name: 'Mette Holm', email: 'mette@example.dk' });
    await tasks.publish(eventTypes.userUpdated, { userId: carrier.id, name: 'Ole Vognmand', email: 'ole@example.dk', company: 'Ole Fragt ApS', role: 'carrier' });
    await waitFor(async () => Boolean((await entry(customer.id)) && (await entry(carrier.id))));
    const created = await tasks.call('POST', '/tasks', { as: customer, body: taskBody('moving') });
    const taskId = created.body.id as number;
    await assignByAcceptance(tasks, { taskId, carrierId: carrier.id, customerId: customer.id, bidId: nextBidId++ });

    const list = await tasks.call('GET', `/tasks?q=${taskId}&limit=100`, { as: admin });
    expect(list.status).toBe(200);
    const row = (list.body.items as Array<{ id: number }>).find((item) => item.id === taskId);
    expect(row).toMatchObject({
      customer: { id: customer.id, name: 'Mette Holm', company: null },
      assigned_carrier: { id: carrier.id, name: 'Ole Vognmand', company: 'Ole Fragt ApS' },
    });
    const own = await tasks.call('GET', '/tasks?mine=true', { as: customer });
    expect(own.body.items[0]).not.toHaveProperty('customer');
  });

  it('when no carrier is assigned, then assigned_carrier is null', async () => {
    const reply = await tasks.call('POST', '/tasks', { as: owner, body: taskBody('moving') });
    const task = await tasks.call('GET', `/tasks/${reply.body.id}`, { as: owner });
    expect(task.body.assigned_carrier).toBeNull();
  });
});

/**
 * Who sees what of a task (GET /tasks/:id and the list), and PATCH /tasks/:id/status per the state machine.
 */
import { eventTypes, messages, type AuthUser, type TaskStatus } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const owner = user('customer');
const otherCustomer = user('customer');
const assignedCarrier = user('carrier');
const otherCarrier = user('carrier');
const admin = user('admin');

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

async function newTask(status?: TaskStatus, carrierId: number | null = null, { paid = true } = {}): Promise<number> {
  const reply = await tasks.call('POST', '/tasks', { as: owner, body: taskBody('moving') });
  expect(reply.status).toBe(201);
  const id = reply.body.id as number;
  if (status || carrierId) {
    // Given a status, the task counts as paid unless told otherwise: unpaid completion is payment-projection's test.
    await tasks
      .db('tasks')
      .where({ id })
      .update({ ...(status ? { status, paid_at: paid ? new Date() : null } : {}), assigned_carrier_id: carrierId });
  }
  return id;
}

const statusChange = (id: number, as: AuthUser, body: unknown) => tasks.call('PATCH', `/tasks/${id}/status`, { as, body });
const statusOf = async (id: number) => ((await tasks.db('tasks').where({ id }).first()) as { status: TaskStatus }).status;

describe('GET /tasks/:id visibility', () => {
  const full = { view: 'full', from_address: 'Vestergade 12, 8000 Aarhus C', contact_email: 'kontakt@example.dk', contact_phone: '12345678' };
  const publicView = {
    view: 'public',
    user_id: null,
    assigned_carrier_id: null,
    from_address: null,
    to_address: null,
    contact_email: null,
    contact_phone: null,
    from_postal_code: '8000',
    from_city: 'Aarhus C',
  };

  it('when the owner, an admin or the assigned carrier asks, then the full task', async () => {
    const id = await newTask('assigned', assignedCarrier.id);
    for (const caller of [owner, admin, assignedCarrier]) {
      const reply = await tasks.call('GET', `/tasks/${id}`, { as: caller });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject(full);
      expect(reply.body.details.contactPhone).toBe('+45 20 30 40 50');
    }
  });

  it('when another customer or carrier asks, then the public view: postal code and city, no contact data', async () => {
    const id = await newTask('assigned', assignedCarrier.id);
    for (const caller of [otherCustomer, otherCarrier]) {
      const reply = await tasks.call('GET', `/tasks/${id}`, { as: caller });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject(publicView);
      expect(reply.body.details).not.toHaveProperty('contactPhone');
      expect(reply.body.details).toMatchObject({ apartmentSize: 'medium' });
    }
  });

  it('when a carrier has bid, then the public view names the owner (to chat with) but still no address; another carrier sees nobody', async () => {
    const id = await newTask();
    await tasks.db('task_bidders').insert({ task_id: id, carrier_id: otherCarrier.id });
    const bidder = (await tasks.call('GET', `/tasks/${id}`, { as: otherCarrier })).body;
    expect(bidder).toMatchObject({ ...publicView, user_id: owner.id });
    expect((await tasks.call('GET', `/tasks/${id}`, { as: assignedCarrier })).body).toMatchObject(publicView);
  });

  it('when a carrier is not (yet) assigned, then they see no address, even on an open task', async () => {
    const id = await newTask();
    expect((await tasks.call('GET', `/tasks/${id}`, { as: assignedCarrier })).body).toMatchObject(publicView);
  });

  it('when anonymous, then 401', async () => {
    const id = await newTask();
    const reply = await tasks.call('GET', `/tasks/${id}`);
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe(messages.sessionExpired);
  });

  it('when the id is not numeric, then 400 Ugyldigt opgave-id; unknown 404 Opgave ikke fundet', async () => {
    for (const bad of ['abc', '1.5', '-3', '0', '1e3', '99999999999', '%20']) {
      const reply = await tasks.call('GET', `/tasks/${bad}`, { as: owner });
      expect(reply.status, bad).toBe(400);
      expect(reply.body).toMatchObject({ code: 'invalid_task_id', message: 'Ugyldigt opgave-id' });
    }
    const missing = await tasks.call('GET', '/tasks/2147483647', { as: owner });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'task_not_found', message: 'Opgave ikke fundet' });
  });

  it('when a task awaits admin review, then only its owner and admins know of it', async () => {
    const id = await newTask('pending_admin_review');
    expect((await tasks.call('GET', `/tasks/${id}`, { as: owner })).status).toBe(200);
    expect((await tasks.call('GET', `/tasks/${id}`, { as: admin })).status).toBe(200);
    expect((await tasks.call('GET', `/tasks/${id}`, { as: otherCustomer })).status).toBe(404);
    const anonymousList = await tasks.call('GET', '/tasks?limit=100');
    expect(anonymousList.body.items.some((t: { id: number }) => t.id === id)).toBe(false);
    const adminList = await tasks.call('GET', '/tasks?status=pending_admin_review', { as: admin });
    expect(adminList.body.items.some((t: { id: number }) => t.id === id)).toBe(true);
    const ownerList = await tasks.call('GET', '/tasks?mine=true&limit=100', { as: owner });
    expect(ownerList.body.items.some((t: { id: number }) => t.id === id)).toBe(true);
  });

  it('when the list is read, then each item has the view its caller may have', async () => {
    const id = await newTask('assigned', assignedCarrier.id);
    const find = async (caller: AuthUser | null) =>
      ((await tasks.call('GET', '/tasks?limit=100', { as: caller })).body.items as { id: number; view: string; contact_email: string | null }[]).find(
        (t) => t.id === id,
      );
    expect(await find(null)).toMatchObject({ view: 'public', contact_email: null });
    expect(await find(otherCustomer)).toMatchObject({ view: 'public' });
    expect(await find(otherCarrier)).toMatchObject({ view: 'public' });
    expect(await find(owner)).toMatchObject({ view: 'full', contact_email: 'kontakt@example.dk' });
    expect(await find(assignedCarrier)).toMatchObject({ view: 'full' });
    expect(await find(admin)).toMatchObject({ view: 'full' });
  });
});

describe('PATCH /tasks/:id/status', () => {
  it('when the assigned carrier walks pickup → in transit → delivered → completed, then each step is taken and recorded', async () => {
    const id = await newTask('paid', assignedCarrier.id);
    for (const status of ['picked_up', 'in_transit', 'delivered', 'completed']) {
      const reply = await statusChange(id, assignedCarrier, { status });
      expect(reply.status, status).toBe(200);
      expect(reply.body.status).toBe(status);
    }
    const row = await tasks.db('tasks').where({ id }).first();
    expect(row.pickup_at).toBeTruthy();
    expect(row.delivered_at).toBeTruthy();
    const events = (await tasks.outboxEvents(eventTypes.taskStatusChanged)).filter((e) => (e.data as { taskId: number }).taskId === id);
    expect(events.map((e) => [(e.data as { from: string }).from, (e.data as { to: string }).to])).toEqual([
      ['paid', 'picked_up'],
      ['picked_up', 'in_transit'],
      ['in_transit', 'delivered'],
      ['delivered', 'completed'],
    ]);
    expect(events[0]!.data).toMatchObject({ userId: owner.id, assignedCarrierId: assignedCarrier.id, changedBy: assignedCarrier.id });
    // The cities travel along, so notifications and mails can name the task ('Flytning · Aarhus C → København K').
    expect(events[0]!.data).toMatchObject({ type: 'moving', fromCity: 'Aarhus C', toCity: 'København K' });
  });

  it('when a proof step gives its time, then it is kept', async () => {
    const id = await newTask('assigned', assignedCarrier.id);
    const reply = await statusChange(id, assignedCarrier, { status: 'picked_up', updates: { pickup_at: '2026-08-01T10:15:00.000Z' } });
    expect(reply.body.pickup_at).toBe('2026-08-01T10:15:00.000Z');
  });

  it('when the carrier skips ahead or goes back, then 409 and nothing changes', async () => {
    const id = await newTask('assigned', assignedCarrier.id);
    for (const status of ['delivered', 'completed', 'in_transit']) {
      const reply = await statusChange(id, assignedCarrier, { status });
      expect(reply.status, status).toBe(409);
      expect(reply.body).toMatchObject({ code: 'status_change_not_allowed', message: messages.statusChangeNotAllowed });
    }
    expect(await statusOf(id)).toBe('assigned');
  });

  it('when a carrier moves to a status carriers never set, then 403', async () => {
    const id = await newTask('assigned', assignedCarrier.id);
    for (const status of ['cancelled', 'open_for_bids', 'paid']) {
      expect((await statusChange(id, assignedCarrier, { status })).status, status).toBe(403);
    }
  });

  it('when a carrier who is not assigned tries a step, then 403', async () => {
    const id = await newTask('paid', assignedCarrier.id);
    const reply = await statusChange(id, otherCarrier, { status: 'picked_up' });
    expect(reply.status).toBe(403);
    expect(await statusOf(id)).toBe('paid');
  });

  it('when the owner changes the status directly, then 403 (bids, payment and deletion requests move it)', async () => {
    const id = await newTask();
    for (const status of ['assigned', 'paid', 'cancelled', 'completed']) {
      expect((await statusChange(id, owner, { status })).status, status).toBe(403);
    }
  });

  it('when another customer tries, then 403; anonymous 401', async () => {
    const id = await newTask();
    expect((await statusChange(id, otherCustomer, { status: 'cancelled' })).status).toBe(403);
    expect((await tasks.call('PATCH', `/tasks/${id}/status`, { body: { status: 'cancelled' } })).status).toBe(401);
  });

  it('when an admin sets assigned with a carrier, then the carrier is assigned', async () => {
    const id = await newTask();
    const reply = await statusChange(id, admin, { status: 'assigned', updates: { assigned_carrier_id: assignedCarrier.id } });
    expect(reply.body).toMatchObject({ status: 'assigned', assigned_carrier_id: assignedCarrier.id });
  });

  it("when an admin sets assigned with a customer's or an admin's id, then 422 not_a_carrier and nothing changes", async () => {
    for (const someone of [user('customer'), user('admin')]) {
      await tasks.publish(eventTypes.userRegistered, { userId: someone.id, role: someone.role, name: 'Ikke Vognmand', email: `ikke-${someone.id}@example.dk` });
      await waitFor(async () => Boolean(await tasks.db('user_directory').where({ user_id: someone.id }).first()));
      const id = await newTask();
      const before = (await tasks.outboxEvents(eventTypes.taskStatusChanged)).length;
      const reply = await statusChange(id, admin, { status: 'assigned', updates: { assigned_carrier_id: someone.id } });
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({ code: 'not_a_carrier', message: messages.notACarrier });
      expect(await tasks.db('tasks').where({ id }).first()).toMatchObject({ status: 'open_for_bids', assigned_carrier_id: null });
      expect((await tasks.outboxEvents(eventTypes.taskStatusChanged)).length).toBe(before);
    }
  });

  it('when an admin reopens an assigned task for bids, then no carrier is assigned any more', async () => {
    const id = await newTask('assigned', assignedCarrier.id, { paid: false });
    const reply = await statusChange(id, admin, { status: 'open_for_bids' });
    expect(reply.body).toMatchObject({ status: 'open_for_bids', assigned_carrier_id: null });
  });

  it('when an admin sets a paid task back before a bid was accepted or takes its carrier, then 409 and nothing changes', async () => {
    for (const from of ['assigned', 'paid', 'picked_up', 'in_progress'] as const) {
      const attempts = [
        { status: 'open_for_bids' },
        { status: 'pending_admin_review' },
        { status: 'assigned', updates: { assigned_carrier_id: null } },
      ];
      for (const body of attempts) {
        if (body.status === from) continue; // the status it has: a retried step, nothing changes
        const id = await newTask(from, assignedCarrier.id);
        const before = (await tasks.outboxEvents(eventTypes.taskStatusChanged)).length;
        const reply = await statusChange(id, admin, body);
        expect(reply.status, `${from} → ${body.status}`).toBe(409);
        expect(reply.body).toMatchObject({ code: 'task_paid', message: messages.paidTaskKeepsCarrier });
        expect(await tasks.db('tasks').where({ id }).first()).toMatchObject({ status: from, assigned_carrier_id: assignedCarrier.id });
        expect((await tasks.outboxEvents(eventTypes.taskStatusChanged)).length).toBe(before);
      }
    }
  });

  it('when an admin cancels a paid task or moves it on, then it is set and keeps its carrier', async () => {
    for (const to of ['cancelled', 'in_progress'] as const) {
      const id = await newTask('paid', assignedCarrier.id);
      const reply = await statusChange(id, admin, { status: to });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ status: to, assigned_carrier_id: assignedCarrier.id });
    }
  });

  it('when an admin cancels a paid task that is completed, then 409 with the Danish reason, nothing changes and no refund is asked', async () => {
    const id = await newTask('completed', assignedCarrier.id);
    const before = (await tasks.outboxEvents(eventTypes.taskStatusChanged)).length;
    const reply = await statusChange(id, admin, { status: 'cancelled' });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ code: 'task_completed', message: messages.completedTaskNotCancellable });
    expect(await tasks.db('tasks').where({ id }).first()).toMatchObject({ status: 'completed', assigned_carrier_id: assignedCarrier.id });
    expect((await tasks.outboxEvents(eventTypes.taskStatusChanged)).length).toBe(before);
  });

  it('when a non-admin passes a carrier id, then 403', async () => {
    const id = await newTask('paid', assignedCarrier.id);
    const reply = await statusChange(id, assignedCarrier, { status: 'picked_up', updates: { assigned_carrier_id: otherCarrier.id } });
    expect(reply.status).toBe(403);
  });

  it('when the status is already the target, then nothing changes and no event is written', async () => {
    const id = await newTask('picked_up', assignedCarrier.id);
    const before = (await tasks.outboxEvents(eventTypes.taskStatusChanged)).length;
    const reply = await statusChange(id, assignedCarrier, { status: 'picked_up' });
    expect(reply.status).toBe(200);
    expect((await tasks.outboxEvents(eventTypes.taskStatusChanged)).length).toBe(before);
  });

  it('when the status is unknown or missing, then 400 Ugyldig status', async () => {
    const id = await newTask();
    for (const body of [{ status: 'done' }, {}, { status: 7 }]) {
      const reply = await statusChange(id, admin, body);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(messages.taskStatusInvalid);
    }
  });

  it('when admins ask for the pending count, then they get the number of tasks awaiting review', async () => {
    const before = (await tasks.call('GET', '/admin/tasks/pending-count', { as: admin })).body.count as number;
    await newTask('pending_admin_review');
    const reply = await tasks.call('GET', '/admin/tasks/pending-count', { as: admin });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ count: before + 1 });
    expect((await tasks.call('GET', '/admin/tasks/pending-count', { as: owner })).status).toBe(403);
    expect((await tasks.call('GET', '/admin/tasks/pending-count')).status).toBe(401);
  });
});

/**
 * GET/POST /tasks/:id/deletion-requests and PUT …/:requestId {action} (spec sections 3, 4, 6, 8).
 */
import { eventTypes, messages, type AuthUser, type TaskStatus } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const owner = user('customer');
const otherCustomer = user('customer');
const carrier = user('carrier');
const otherCarrier = user('carrier');
const admin = user('admin');

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

async function newTask(status: TaskStatus = 'paid'): Promise<number> {
  const reply = await tasks.call('POST', '/tasks', { as: owner, body: taskBody('package') });
  const id = reply.body.id as number;
  await tasks.db('tasks').where({ id }).update({ status, assigned_carrier_id: carrier.id });
  return id;
}

const path = (id: number) => `/tasks/${id}/deletion-requests`;
const ask = (id: number, as: AuthUser | null, body?: unknown) => tasks.call('POST', path(id), { as, body });
const resolve = (id: number, requestId: number | string, as: AuthUser | null, body: unknown) =>
  tasks.call('PUT', `${path(id)}/${requestId}`, { as, body });
const statusOf = async (id: number) => ((await tasks.db('tasks').where({ id }).first()) as { status: TaskStatus }).status;

describe('POST /tasks/:id/deletion-requests', () => {
  it('when the owner asks, then a pending request with role customer and an event; a second pending one is 409', async () => {
    const id = await newTask();
    const reply = await ask(id, owner, { reason: 'Fortrudt' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ task_id: id, requested_by: owner.id, role: 'customer', reason: 'Fortrudt', status: 'pending', resolved_by: null, resolved_at: null });
    const again = await ask(id, carrier);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'deletion_request_pending', message: messages.deletionRequestPending });
    const events = (await tasks.outboxEvents(eventTypes.deletionRequestCreated)).filter((e) => (e.data as { taskId: number }).taskId === id);
    expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ requestId: reply.body.id, requestedBy: owner.id, role: 'customer' })]);
  });

  it('when the assigned carrier asks without a body, then role carrier', async () => {
    const id = await newTask('picked_up');
    const reply = await ask(id, carrier);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ role: 'carrier', reason: null });
  });

  it('when the task is completed or cancelled, then 409 with the Danish message and no request', async () => {
    for (const status of ['completed', 'cancelled'] as const) {
      const id = await newTask(status);
      const reply = await ask(id, owner, { reason: 'Fortrudt' });
      expect(reply.status, status).toBe(409);
      expect(reply.body, status).toMatchObject({ code: 'deletion_request_not_allowed', message: messages.deletionRequestNotAllowed });
      expect(await tasks.db('task_deletion_requests').where({ task_id: id })).toEqual([]);
    }
  });

  it('when anyone else asks, then 403; anonymous 401; unknown task 404; cancelled task 409', async () => {
    const id = await newTask();
    for (const caller of [otherCustomer, otherCarrier, admin]) expect((await ask(id, caller)).status).toBe(403);
    expect((await ask(id, null)).status).toBe(401);
    expect((await ask(9_999_999, owner)).status).toBe(404);
    const cancelled = await newTask('cancelled');
    expect((await ask(cancelled, owner)).body.code).toBe('deletion_request_not_allowed');
  });

  it('when the input is bad, then 400 and never 500', async () => {
    const id = await newTask();
    expect((await ask(id, owner, { reason: 'x'.repeat(1001) })).body.message).toBe(messages.deletionReasonTooLong);
    expect((await ask(id, owner, { reason: 42 })).status).toBe(400);
    expect((await tasks.call('POST', path(id), { as: owner, raw: '[1]' })).status).toBe(400);
    expect((await tasks.call('POST', '/tasks/x/deletion-requests', { as: owner })).body.message).toBe(messages.invalidTaskId);
  });
});

describe('GET /tasks/:id/deletion-requests', () => {
  it('when the admin asks, then all; the owner and carrier their own; others 403', async () => {
    const id = await newTask();
    const first = await ask(id, owner);
    await resolve(id, first.body.id, admin, { action: 'reject' });
    const second = await ask(id, carrier);
    expect(second.status).toBe(201);

    const all = await tasks.call('GET', path(id), { as: admin });
    expect(all.status).toBe(200);
    expect(all.body.items.map((r: { id: number }) => r.id)).toEqual([second.body.id, first.body.id]);
    expect((await tasks.call('GET', path(id), { as: owner })).body.items.map((r: { id: number }) => r.id)).toEqual([first.body.id]);
    expect((await tasks.call('GET', path(id), { as: carrier })).body.items.map((r: { id: number }) => r.id)).toEqual([second.body.id]);
    for (const caller of [otherCustomer, otherCarrier]) expect((await tasks.call('GET', path(id), { as: caller })).status).toBe(403);
    expect((await tasks.call('GET', path(id))).status).toBe(401);
  });
});

describe('PUT /tasks/:id/deletion-requests/:requestId', () => {
  it('when the admin rejects, then "Anmodning afvist" and the task stays', async () => {
    const id = await newTask('in_transit');
    const request = await ask(id, owner);
    const reply = await resolve(id, request.body.id, admin, { action: 'reject' });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(messages.deletionRequestRejected);
    expect(reply.body.request).toMatchObject({ status: 'rejected', resolved_by: admin.id });
    expect(reply.body.request.resolved_at).toBeTruthy();
    expect(await statusOf(id)).toBe('in_transit');
  });

  it('when the admin approves, then the task is cancelled with a status event; resolving again is 409', async () => {
    const id = await newTask('paid');
    const request = await ask(id, carrier);
    const reply = await resolve(id, request.body.id, admin, { action: 'approve' });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(messages.deletionRequestApproved);
    expect(reply.body.message).toBe('Anmodning godkendt (opgave annulleret)');
    expect(await statusOf(id)).toBe('cancelled');
    const changed = (await tasks.outboxEvents(eventTypes.taskStatusChanged)).filter((e) => (e.data as { taskId: number }).taskId === id);
    expect(changed.map((e) => e.data)).toEqual([expect.objectContaining({ from: 'paid', to: 'cancelled', changedBy: admin.id })]);
    const resolved = (await tasks.outboxEvents(eventTypes.deletionRequestResolved)).filter((e) => (e.data as { taskId: number }).taskId === id);
    expect(resolved.map((e) => e.data)).toEqual([expect.objectContaining({ status: 'approved', requestedBy: carrier.id, resolvedBy: admin.id })]);
    const again = await resolve(id, request.body.id, admin, { action: 'reject' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('deletion_request_resolved');
  });

  it('when not an admin, then 403 (401 anonymous); bad action or id 400; unknown or other task’s request 404', async () => {
    const id = await newTask();
    const request = await ask(id, owner);
    for (const caller of [owner, carrier, otherCustomer]) expect((await resolve(id, request.body.id, caller, { action: 'approve' })).status).toBe(403);
    expect((await resolve(id, request.body.id, null, { action: 'approve' })).status).toBe(401);
    for (const body of [{}, { action: 'delete' }, { action: null }]) {
      const reply = await resolve(id, request.body.id, admin, body);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(messages.deletionActionInvalid);
    }
    expect((await tasks.call('PUT', `${path(id)}/${request.body.id}`, { as: admin, raw: 'null' })).status).toBe(400);
    for (const bad of ['abc', '-1', '0', '1e3']) expect((await resolve(id, bad, admin, { action: 'approve' })).body.message).toBe(messages.invalidDeletionRequestId);
    expect((await resolve(id, 99_999_999, admin, { action: 'approve' })).status).toBe(404);
    const other = await newTask();
    expect((await resolve(other, request.body.id, admin, { action: 'approve' })).status).toBe(404);
    expect(await statusOf(id)).toBe('paid');
  });
});

describe('GET /admin/deletion-requests', () => {
  const inbox = (as: AuthUser | null, query = '') => tasks.call('GET', `/admin/deletion-requests${query}`, { as });

  it('when requests arrive, then the admin lists the pending ones with the task by type and route, the requester by name and role, the reason and when', async () => {
    await tasks.db('user_directory').insert({ user_id: owner.id, role: 'customer', name: 'Karen Kunde', email: 'karen@example.dk' }).onConflict('user_id').merge();
    const id = await newTask('assigned');
    await tasks.db('tasks').where({ id }).update({ from_city: 'Aarhus C', to_city: 'København K' });
    const before = Date.now();
    const asked = await ask(id, owner, { reason: 'Flytningen er aflyst' });
    const reply = await inbox(admin, '?status=pending');
    expect(reply.status).toBe(200);
    const row = (reply.body.items as Array<{ taskId: number }>).find((item) => item.taskId === id);
    expect(row).toEqual({
      id: asked.body.id,
      taskId: id,
      taskTitle: 'Palle og pakker · Aarhus C → København K',
      taskStatus: 'assigned',
      requester: { id: owner.id, name: 'Karen Kunde', role: 'customer' },
      reason: 'Flytningen er aflyst',
      status: 'pending',
      createdAt: expect.any(String),
      resolvedAt: null,
    });
    expect(new Date((row as unknown as { createdAt: string }).createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(reply.body.total).toBe((reply.body.items as unknown[]).length);
    // Without a status: the pending ones too.
    expect(((await inbox(admin)).body.items as Array<{ id: number }>).map((item) => item.id)).toContain(asked.body.id);
  });

  it('when a request is answered, then it leaves the pending list and is listed under its answer', async () => {
    const id = await newTask('assigned');
    const asked = await ask(id, carrier, { reason: 'Bilen er gået i stykker' });
    expect((await resolve(id, asked.body.id as number, admin, { action: 'reject' })).status).toBe(200);
    const ids = async (status: string) => ((await inbox(admin, `?status=${status}`)).body.items as Array<{ id: number }>).map((item) => item.id);
    expect(await ids('pending')).not.toContain(asked.body.id);
    expect(await ids('rejected')).toContain(asked.body.id);
    expect(await ids('approved')).not.toContain(asked.body.id);
  });

  it('when a customer, a carrier or nobody asks, then 403 / 401; a status that is not one is 400 in Danish', async () => {
    expect((await inbox(owner)).status).toBe(403);
    expect((await inbox(carrier)).status).toBe(403);
    expect((await inbox(null)).status).toBe(401);
    const bad = await inbox(admin, '?status=alle');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.deletionRequestStatusInvalid);
  });

  it('when a request is made, then its event names the task by type and cities and carries the reason (for the admins’ notification and mail)', async () => {
    const id = await newTask('paid');
    await tasks.db('tasks').where({ id }).update({ from_city: 'Odense C', to_city: 'Vejle' });
    const asked = await ask(id, owner, { reason: 'Fortrudt' });
    const events = (await tasks.outboxEvents(eventTypes.deletionRequestCreated)).filter((e) => (e.data as { taskId: number }).taskId === id);
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ requestId: asked.body.id, type: 'package', fromCity: 'Odense C', toCity: 'Vejle', reason: 'Fortrudt' }),
    ]);
  });
});

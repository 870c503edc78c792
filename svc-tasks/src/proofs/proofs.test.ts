/**
 * POST/GET/DELETE /tasks/:id/proofs (spec sections 3, 4, 5, 6) and the carrier's status steps by PATCH.
 */
import { allowedNextStatuses, canTransition, eventTypes, messages, taskStatuses, type AuthUser, type TaskStatus } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const owner = user('customer');
const otherCustomer = user('customer');
const carrier = user('carrier');
const otherCarrier = user('carrier');
const admin = user('admin');
const ownerAdmin = user('admin');

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

async function newTask(status: TaskStatus, carrierId: number | null = carrier.id, as: AuthUser = owner): Promise<number> {
  const reply = await tasks.call('POST', '/tasks', { as, body: taskBody('courier') });
  expect(reply.status).toBe(201);
  const id = reply.body.id as number;
  // Paid: these tests are about the carrier's moves (unpaid completion is payment-projection's test).
  await tasks.db('tasks').where({ id }).update({ status, assigned_carrier_id: carrierId, paid_at: new Date() });
  return id;
}

const img = (n: number) => `/api/files/proof-${n}.jpg`;
const postProof = (id: number, as: AuthUser | null, body: unknown) => tasks.call('POST', `/tasks/${id}/proofs`, { as, body });
const taskRow = async (id: number) => (await tasks.db('tasks').where({ id }).first()) as { status: TaskStatus; pickup_at: Date | null; delivered_at: Date | null };
const eventsOf = async (type: string, id: number) => (await tasks.outboxEvents(type)).filter((e) => (e.data as { taskId: number }).taskId === id);

/** The carrier's moves, exactly (spec section 4): proof steps (and their PATCH fallback), in transit, finish. */
const carrierMoves = new Set([
  'assigned>picked_up',
  'paid>picked_up',
  'picked_up>in_transit',
  'picked_up>delivered',
  'in_transit>delivered',
  'in_progress>delivered',
  'delivered>completed',
]);

describe('status machine for the assigned carrier', () => {
  it('when canTransition is asked for every pair, then the assigned carrier has exactly the spec moves and other carriers none', () => {
    for (const from of taskStatuses) {
      for (const to of taskStatuses) {
        expect(canTransition(from, to, 'carrier', 'assigned_carrier'), `${from} → ${to}`).toBe(carrierMoves.has(`${from}>${to}`));
        expect(canTransition(from, to, 'carrier', 'none')).toBe(false);
        expect(canTransition(from, to, 'customer', 'owner')).toBe(false);
      }
    }
    // `paid` only from the payment event.
    for (const from of taskStatuses) expect(allowedNextStatuses(from, 'admin')).not.toContain('paid');
    expect(canTransition('assigned', 'paid', 'system')).toBe(true);
  });

  it('when the assigned carrier PATCHes every status from every status, then only the spec moves are taken (else 403/409)', async () => {
    for (const from of taskStatuses) {
      const id = await newTask(from);
      for (const to of taskStatuses) {
        if (to === from) continue;
        const reply = await tasks.call('PATCH', `/tasks/${id}/status`, { as: carrier, body: { status: to } });
        if (carrierMoves.has(`${from}>${to}`)) {
          expect(reply.status, `${from} → ${to}`).toBe(200);
          await tasks.db('tasks').where({ id }).update({ status: from });
        } else {
          expect([403, 409], `${from} → ${to}`).toContain(reply.status);
          expect((await taskRow(id)).status).toBe(from);
        }
      }
    }
  }, 120_000);

  it('when the owner, another customer or another carrier PATCHes a carrier step, then 403', async () => {
    for (const [from, to] of [...carrierMoves].map((m) => m.split('>') as [TaskStatus, TaskStatus])) {
      const id = await newTask(from);
      for (const caller of [owner, otherCustomer, otherCarrier]) {
        expect((await tasks.call('PATCH', `/tasks/${id}/status`, { as: caller, body: { status: to } })).status, `${from} → ${to}`).toBe(403);
      }
      expect((await taskRow(id)).status).toBe(from);
    }
  }, 60_000);

  it('when anyone, an admin included, PATCHes to paid, then 403 (only the payment event pays)', async () => {
    const id = await newTask('assigned');
    for (const caller of [admin, owner, carrier]) {
      expect((await tasks.call('PATCH', `/tasks/${id}/status`, { as: caller, body: { status: 'paid' } })).status).toBe(403);
    }
    expect((await taskRow(id)).status).toBe('assigned');
  });
});

describe('POST /tasks/:id/proofs', () => {
  it('when the carrier submits a pickup proof with photos, signature and location on a paid task, then picked_up, pickup_at and two events', async () => {
    const id = await newTask('paid');
    const reply = await postProof(id, carrier, {
      type: 'pickup',
      images: [img(1), img(2)],
      signature: img(3),
      lat: 56.15,
      lng: 10.2,
      accuracy: 12.5,
      signer_name: 'Anne Hansen',
      note: 'To kasser',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.proof).toMatchObject({
      task_id: id,
      type: 'pickup',
      image_urls: [img(1), img(2)],
      signature_image: img(3),
      lat: 56.15,
      lng: 10.2,
      accuracy: 12.5,
      signer_name: 'Anne Hansen',
      note: 'To kasser',
      submitted_by: carrier.id,
    });
    expect(reply.body.task.status).toBe('picked_up');
    expect(reply.body.task.pickup_at).toBeTruthy();
    const row = await taskRow(id);
    expect(row.status).toBe('picked_up');
    expect(row.pickup_at).toBeTruthy();
    const changed = await eventsOf(eventTypes.taskStatusChanged, id);
    expect(changed.map((e) => e.data)).toEqual([expect.objectContaining({ from: 'paid', to: 'picked_up', changedBy: carrier.id, assignedCarrierId: carrier.id })]);
    const added = await eventsOf(eventTypes.proofAdded, id);
    expect(added.map((e) => e.data)).toEqual([expect.objectContaining({ proofType: 'pickup', proofId: reply.body.proof.id, submittedBy: carrier.id, userId: owner.id })]);

    for (const caller of [owner, admin, carrier]) {
      const full = await tasks.call('GET', `/tasks/${id}`, { as: caller });
      expect(full.body.proofs).toHaveLength(1);
      const list = await tasks.call('GET', `/tasks/${id}/proofs`, { as: caller });
      expect(list.status).toBe(200);
      expect(list.body.items).toEqual([reply.body.proof]);
    }
    const publicView = await tasks.call('GET', `/tasks/${id}`, { as: otherCarrier });
    expect(publicView.body.view).toBe('public');
    expect(publicView.body).not.toHaveProperty('proofs');
  });

  it('when pickup is proved on an assigned task with a signature only, then picked_up with the given time', async () => {
    const id = await newTask('assigned');
    const reply = await postProof(id, carrier, { type: 'pickup', signature: img(9), occurred_at: '2026-08-01T09:30:00.000Z' });
    expect(reply.status).toBe(201);
    expect(reply.body.task).toMatchObject({ status: 'picked_up', pickup_at: '2026-08-01T09:30:00.000Z' });
  });

  it('when the proof is refused/failed, then pickup_failed / delivery_failed are recorded and the status stays', async () => {
    const id = await newTask('paid');
    const pickup = await postProof(id, carrier, { type: 'pickup', failed: true, note: 'Ingen hjemme' });
    expect(pickup.status).toBe(201);
    expect(pickup.body.proof.type).toBe('pickup_failed');
    expect((await taskRow(id)).status).toBe('paid');
    expect(await eventsOf(eventTypes.taskStatusChanged, id)).toHaveLength(0);

    const other = await newTask('in_transit');
    const delivery = await postProof(other, carrier, { type: 'delivery', failed: true });
    expect(delivery.body.proof.type).toBe('delivery_failed');
    expect((await taskRow(other)).status).toBe('in_transit');
    expect((await eventsOf(eventTypes.proofAdded, other)).map((e) => (e.data as { proofType: string }).proofType)).toEqual(['delivery_failed']);
  });

  it('when the carrier delivers with proof from picked_up or in_transit, then delivered and delivered_at', async () => {
    for (const from of ['picked_up', 'in_transit'] as const) {
      const id = await newTask(from);
      const reply = await postProof(id, carrier, { type: 'delivery', lat: 55.68, lng: 12.57 });
      expect(reply.status, from).toBe(201);
      expect(reply.body.task.status).toBe('delivered');
      expect((await taskRow(id)).delivered_at).toBeTruthy();
      const changed = await eventsOf(eventTypes.taskStatusChanged, id);
      expect(changed.map((e) => (e.data as { to: string }).to)).toEqual(['delivered']);
    }
  });

  it('when a pickup proof comes again on a picked-up task, then it is added and the status does not change', async () => {
    const id = await newTask('picked_up');
    const reply = await postProof(id, carrier, { type: 'pickup', images: [img(4)] });
    expect(reply.status).toBe(201);
    expect(reply.body.task.status).toBe('picked_up');
    expect(await eventsOf(eventTypes.taskStatusChanged, id)).toHaveLength(0);
  });

  it('when the same proof is submitted again with its Idempotency-Key, then one proof and one event exist and both get it', async () => {
    const id = await newTask('paid');
    const send = () => tasks.call('POST', `/tasks/${id}/proofs`, { as: carrier, body: { type: 'pickup', images: [img(5)] }, headers: { 'Idempotency-Key': `proof-${id}` } });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.proof.id).toBe(first.body.proof.id);
    expect(await tasks.db('task_proofs').where({ task_id: id })).toHaveLength(1);
    expect(await eventsOf(eventTypes.proofAdded, id)).toHaveLength(1);
  });

  it('when the proof has no photo, signature, location or failed flag, then 400 with the spec text', async () => {
    const id = await newTask('paid');
    for (const body of [
      { type: 'pickup' },
      { type: 'pickup', images: [] },
      { type: 'pickup', failed: false, note: 'bare en note', signer_name: 'Bo' },
      { type: 'pickup', signature: '', images: null, lat: null, lng: null },
    ]) {
      const reply = await postProof(id, carrier, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toBe(messages.proofRequired);
    }
    expect((await taskRow(id)).status).toBe('paid');
  });

  it('when the input is bad, then 400 and never 500', async () => {
    const id = await newTask('paid');
    const cases: [unknown, string][] = [
      [{ type: 'pickup', images: [1, 2, 3, 4, 5, 6, 7].map(img) }, messages.tooManyProofImages],
      [{ type: 'pickup', images: ['https://evil.example/x.jpg'] }, messages.imageUrlInvalid],
      [{ type: 'pickup', signature: 'data:image/png;base64,AAAA' }, messages.imageUrlInvalid],
      [{ type: 'pickup', lat: 56 }, messages.locationInvalid],
      [{ type: 'pickup', lat: 91, lng: 10 }, messages.locationInvalid],
      [{ type: 'pickup', lat: 'north', lng: 10 }, messages.locationInvalid],
      [{ type: 'pickup', images: [img(1)], note: 'x'.repeat(1001) }, messages.proofTextTooLong],
      [{ type: 'initial', images: [img(1)] }, messages.proofTypeInvalid],
      [{ type: 'pickup_failed', images: [img(1)] }, messages.proofTypeInvalid],
      [{ images: [img(1)] }, messages.proofTypeInvalid],
      [{ type: 'pickup', images: [img(1)], failed: 'yes' }, messages.invalidInput],
      [{ type: 'pickup', images: [img(1)], occurred_at: 'i går' }, messages.invalidDate],
      [{ type: 'pickup', images: [img(1)], signer_name: 'a\u0000b' }, messages.invalidInput],
    ];
    for (const [body, message] of cases) {
      const reply = await postProof(id, carrier, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      if (message !== messages.invalidInput) expect(reply.body.message, JSON.stringify(body)).toBe(message);
    }
    for (const raw of ['null', '[]', '"x"', '{bad json']) {
      expect((await tasks.call('POST', `/tasks/${id}/proofs`, { as: carrier, raw })).status, raw).toBe(400);
    }
    expect((await postProof(0, carrier, { type: 'pickup', images: [img(1)] })).status).toBe(400);
    expect((await tasks.call('POST', '/tasks/abc/proofs', { as: carrier, body: { type: 'pickup', images: [img(1)] } })).body.message).toBe(messages.invalidTaskId);
    expect((await taskRow(id)).status).toBe('paid');
  });

  it('when someone but the assigned carrier or a non-owning admin proves pickup, then 401/403', async () => {
    const id = await newTask('paid');
    const body = { type: 'pickup', images: [img(1)] };
    expect((await postProof(id, null, body)).status).toBe(401);
    for (const caller of [owner, otherCustomer, otherCarrier]) expect((await postProof(id, caller, body)).status).toBe(403);
    const adminsOwn = await newTask('paid', carrier.id, ownerAdmin);
    expect((await postProof(adminsOwn, ownerAdmin, body)).status).toBe(403);
    const byAdmin = await postProof(id, admin, body);
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.task.status).toBe('picked_up');
    expect((await postProof(9_999_999, carrier, body)).status).toBe(404);
  });

  it('when pickup is proved outside assigned/paid/picked_up or delivery outside picked_up/in_transit, then 409', async () => {
    const body = { images: [img(1)] };
    for (const status of taskStatuses.filter((s) => !['assigned', 'paid', 'picked_up'].includes(s))) {
      const id = await newTask(status);
      expect((await postProof(id, carrier, { ...body, type: 'pickup' })).status, `pickup in ${status}`).toBe(409);
    }
    for (const status of taskStatuses.filter((s) => !['picked_up', 'in_transit'].includes(s))) {
      const id = await newTask(status);
      expect((await postProof(id, carrier, { ...body, type: 'delivery' })).status, `delivery in ${status}`).toBe(409);
      expect((await taskRow(id)).status).toBe(status);
    }
  }, 60_000);

  it('when delivery is proved by the owner or another carrier, then 403; by an admin, then delivered', async () => {
    const id = await newTask('in_transit');
    for (const caller of [owner, otherCarrier, otherCustomer]) expect((await postProof(id, caller, { type: 'delivery', images: [img(1)] })).status).toBe(403);
    const reply = await postProof(id, admin, { type: 'delivery', images: [img(1)] });
    expect(reply.status).toBe(201);
    expect(reply.body.task.status).toBe('delivered');
  });
});

describe('POST /tasks/:id/proofs from the offline queue (captured_at, issue 29)', () => {
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

  it('when a pickup proof captured 3 h ago arrives now, then captured_at and its GPS are stored and the pickup time is the capture time', async () => {
    const id = await newTask('paid');
    const capturedAt = hoursAgo(3);
    const reply = await postProof(id, carrier, { type: 'pickup', lat: 55.68, lng: 12.57, accuracy: 12, captured_at: capturedAt });
    expect(reply.status).toBe(201);
    expect(reply.body.proof.captured_at).toBe(capturedAt);
    expect(reply.body.proof.lat).toBe(55.68);
    expect(reply.body.proof.occurred_at).toBe(capturedAt);
    expect(Date.parse(reply.body.proof.created_at)).toBeGreaterThan(Date.parse(capturedAt) + 2 * 3_600_000);
    expect(reply.body.task.status).toBe('picked_up');
    expect(reply.body.task.pickup_at).toBe(capturedAt);
    const listed = await tasks.call('GET', `/tasks/${id}/proofs`, { as: carrier });
    expect(listed.body.items[0].captured_at).toBe(capturedAt);
  });

  it('when a proof comes without captured_at, then it is stored as before with captured_at null', async () => {
    const id = await newTask('paid');
    const reply = await postProof(id, carrier, { type: 'pickup', images: [img(40)] });
    expect(reply.status).toBe(201);
    expect(reply.body.proof.captured_at).toBeNull();
  });

  it('when captured_at is older than 24 h, in the future beyond the clock skew, or not an ISO time, then 400 in Danish naming the field and nothing changes', async () => {
    const id = await newTask('paid');
    const cases: [unknown, string][] = [
      [hoursAgo(25), messages.proofCapturedAtTooOld],
      [new Date(Date.now() + 60 * 60_000).toISOString(), messages.proofCapturedAtFuture],
      ['i går', messages.proofCapturedAtInvalid],
      ['2026-08-01 10:00', messages.proofCapturedAtInvalid],
      [12345, messages.proofCapturedAtInvalid],
    ];
    for (const [capturedAt, message] of cases) {
      const reply = await postProof(id, carrier, { type: 'pickup', images: [img(41)], captured_at: capturedAt });
      expect(reply.status, String(capturedAt)).toBe(400);
      expect(reply.body.message).toBe(message);
      expect(reply.body.message).toContain('captured_at');
    }
    expect(await tasks.db('task_proofs').where({ task_id: id })).toHaveLength(0);
    expect((await taskRow(id)).status).toBe('paid');
  });

  it('when captured_at is a minute ahead of the server (a phone clock a little off), then it is accepted', async () => {
    const id = await newTask('paid');
    const reply = await postProof(id, carrier, { type: 'pickup', images: [img(42)], captured_at: new Date(Date.now() + 60_000).toISOString() });
    expect(reply.status).toBe(201);
  });

  it('when the queue resends a delivery proof with the same Idempotency-Key, then the first answer comes back, one proof and one status change', async () => {
    const id = await newTask('picked_up');
    const body = { type: 'delivery', images: [img(43)], lat: 56.15, lng: 10.2, signer_name: 'Bo', note: 'Ved døren', captured_at: hoursAgo(1) };
    const send = () => tasks.call('POST', `/tasks/${id}/proofs`, { as: carrier, body, headers: { 'Idempotency-Key': `queued-${id}` } });
    const first = await send();
    const again = await send();
    const third = await send();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    expect(await tasks.db('task_proofs').where({ task_id: id })).toHaveLength(1);
    expect(await eventsOf(eventTypes.proofAdded, id)).toHaveLength(1);
    const changes = await eventsOf(eventTypes.taskStatusChanged, id);
    expect(changes).toHaveLength(1);
    expect((await taskRow(id)).status).toBe('delivered');
  });

  it('when two copies of the queued proof race (Background Sync and the online event), then one proof and one status change', async () => {
    const id = await newTask('paid');
    const body = { type: 'pickup', lat: 55.4, lng: 10.4, captured_at: hoursAgo(2) };
    const send = () => tasks.call('POST', `/tasks/${id}/proofs`, { as: carrier, body, headers: { 'Idempotency-Key': `race-${id}` } });
    const replies = await Promise.all([send(), send()]);
    expect(replies.map((r) => r.status)).toEqual([201, 201]);
    expect(replies[1]!.body.proof.id).toBe(replies[0]!.body.proof.id);
    expect(await tasks.db('task_proofs').where({ task_id: id })).toHaveLength(1);
    expect(await eventsOf(eventTypes.taskStatusChanged, id)).toHaveLength(1);
  });
});

describe('GET /tasks/:id/proofs', () => {
  it('when someone outside the task asks, then 403; anonymous 401; unknown task 404', async () => {
    const id = await newTask('paid');
    for (const caller of [otherCarrier, otherCustomer]) expect((await tasks.call('GET', `/tasks/${id}/proofs`, { as: caller })).status).toBe(403);
    expect((await tasks.call('GET', `/tasks/${id}/proofs`)).status).toBe(401);
    expect((await tasks.call('GET', '/tasks/9999999/proofs', { as: admin })).status).toBe(404);
  });
});

describe('DELETE /tasks/:id/proofs/:proofId', () => {
  async function taskWithProof(status: TaskStatus) {
    const id = await newTask('paid');
    const reply = await postProof(id, carrier, { type: 'pickup', failed: true });
    await tasks.db('tasks').where({ id }).update({ status });
    return { id, proofId: reply.body.proof.id as number };
  }

  it('when the assigned carrier deletes a proof before delivery, then it is gone and an event is written', async () => {
    for (const status of ['paid', 'picked_up', 'in_transit'] as const) {
      const { id, proofId } = await taskWithProof(status);
      expect((await tasks.call('DELETE', `/tasks/${id}/proofs/${proofId}`, { as: carrier })).status, status).toBe(204);
      expect((await tasks.call('GET', `/tasks/${id}/proofs`, { as: owner })).body.items).toEqual([]);
      expect((await eventsOf(eventTypes.proofDeleted, id)).map((e) => e.data)).toEqual([expect.objectContaining({ proofId, deletedBy: carrier.id })]);
    }
  });

  it('when the carrier deletes after delivery or cancellation, then 403; an admin may', async () => {
    for (const status of ['delivered', 'completed', 'cancelled'] as const) {
      const { id, proofId } = await taskWithProof(status);
      expect((await tasks.call('DELETE', `/tasks/${id}/proofs/${proofId}`, { as: carrier })).status, status).toBe(403);
      expect((await tasks.call('DELETE', `/tasks/${id}/proofs/${proofId}`, { as: admin })).status, status).toBe(204);
    }
  });

  it('when the freight note is locked, then the carrier may not delete a proof; the admin may', async () => {
    // The freight notes table comes with migration 006 (freight notes); without it no note can be locked.
    const { id, proofId } = await taskWithProof('picked_up');
    await tasks.db('freight_notes').insert({ task_id: id, status: 'locked' });
    expect((await tasks.call('DELETE', `/tasks/${id}/proofs/${proofId}`, { as: carrier })).status).toBe(403);
    await tasks.db('freight_notes').where({ task_id: id }).update({ status: 'draft' });
    expect((await tasks.call('DELETE', `/tasks/${id}/proofs/${proofId}`, { as: carrier })).status).toBe(204);
  });

  it('when the owner or another carrier deletes, then 403; anonymous 401; unknown proof 404; bad id 400', async () => {
    const { id, proofId } = await taskWithProof('picked_up');
    for (const caller of [owner, otherCarrier]) expect((await tasks.call('DELETE', `/tasks/${id}/proofs/${proofId}`, { as: caller })).status).toBe(403);
    expect((await tasks.call('DELETE', `/tasks/${id}/proofs/${proofId}`)).status).toBe(401);
    expect((await tasks.call('DELETE', `/tasks/${id}/proofs/99999999`, { as: admin })).body.code).toBe('proof_not_found');
    const other = await taskWithProof('picked_up');
    expect((await tasks.call('DELETE', `/tasks/${id}/proofs/${other.proofId}`, { as: admin })).status).toBe(404);
    for (const bad of ['abc', '0', '99999999999']) {
      const reply = await tasks.call('DELETE', `/tasks/${id}/proofs/${bad}`, { as: admin });
      expect(reply.status, bad).toBe(400);
      expect(reply.body.message).toBe(messages.invalidProofId);
    }
  });
});

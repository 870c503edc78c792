/**
 * /ratings (spec sections 3, 5, 7, 9): who may rate what and when, lists, summary and the home page's public reviews.
 */
import { eventTypes, firstNameOf, messages, type AuthUser, type TaskStatus } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const owner = user('customer', { name: 'Anne Marie Hansen', email: 'anne.hemmelig@example.dk' });
const otherCustomer = user('customer');
const carrier = user('carrier', { name: 'Bo Vognmand' });
const otherCarrier = user('carrier');
const admin = user('admin');

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

async function newTask(status: TaskStatus = 'completed', carrierId: number | null = carrier.id, as: AuthUser = owner): Promise<number> {
  const reply = await tasks.call('POST', '/tasks', { as, body: taskBody('furniture') });
  const id = reply.body.id as number;
  await tasks.db('tasks').where({ id }).update({ status, assigned_carrier_id: carrierId });
  return id;
}

const rate = (as: AuthUser | null, body: unknown) => tasks.call('POST', '/ratings', { as, body });

describe('POST /ratings', () => {
  it('when the owner rates a completed task, then the carrier is rated once; a second is 409 with the spec text', async () => {
    const taskId = await newTask();
    const reply = await rate(owner, { taskId, rating: 5, comment: 'Super hurtig levering', userType: 'customer' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ task_id: taskId, customer_id: owner.id, carrier_id: carrier.id, user_type: 'customer', rating: 5, comment: 'Super hurtig levering', is_test: false, customer_name: 'Anne', carrier_name: null });
    expect(JSON.stringify(reply.body)).not.toContain('@');
    const again = await rate(owner, { taskId, rating: 3 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Du har allerede afgivet en vurdering for denne opgave');
    const events = (await tasks.outboxEvents(eventTypes.ratingCreated)).filter((e) => (e.data as { taskId: number }).taskId === taskId);
    expect(events.map((e) => e.data)).toEqual([{ ratingId: reply.body.id, taskId, customerId: owner.id, carrierId: carrier.id, userType: 'customer', rating: 5 }]);
  });

  it('when the assigned carrier rates the customer, then user_type carrier; once', async () => {
    const taskId = await newTask();
    const reply = await rate(carrier, { taskId, rating: 4 });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ user_type: 'carrier', rating: 4, comment: null, carrier_name: 'Bo', customer_name: null });
    expect((await rate(carrier, { taskId, rating: 4 })).status).toBe(409);
    expect((await rate(owner, { taskId, rating: 4 })).status).toBe(201);
  });

  it('when the score is missing or out of range, then 400 "Vælg venligst en vurdering"', async () => {
    const taskId = await newTask();
    for (const body of [{ taskId }, { taskId, rating: 0 }, { taskId, rating: 6 }, { taskId, rating: 3.5 }, { taskId, rating: '4' }, { taskId, rating: null }, {}]) {
      const reply = await rate(owner, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toBe(messages.ratingRequired);
    }
  });

  it('when the rest of the input is bad, then 400 and never 500', async () => {
    const taskId = await newTask();
    expect((await rate(owner, { taskId, rating: 4, comment: 'x'.repeat(1001) })).body.message).toBe(messages.ratingCommentTooLong);
    expect((await rate(owner, { taskId: 'abc', rating: 4 })).status).toBe(400);
    expect((await rate(owner, { taskId: 99_999_999_999, rating: 4 })).status).toBe(400);
    expect((await rate(owner, { taskId, rating: 4, userType: 'admin' })).status).toBe(400);
    expect((await rate(owner, { taskId, rating: 4, userType: 'carrier' })).body.message).toBe(messages.ratingUserTypeInvalid);
    expect((await rate(owner, { taskId, rating: 4, comment: 'nul\u0000tegn' })).status).toBe(400);
    for (const raw of ['null', '[]', '{']) expect((await tasks.call('POST', '/ratings', { as: owner, raw })).status, raw).toBe(400);
  });

  it('when the task is not completed, then 409; when the caller is not a party, then 403; anonymous 401; unknown 404', async () => {
    for (const status of ['delivered', 'paid', 'cancelled', 'open_for_bids'] as const) {
      const taskId = await newTask(status);
      const reply = await rate(owner, { taskId, rating: 5 });
      expect(reply.status, status).toBe(409);
      expect(reply.body.message).toBe(messages.ratingTaskNotCompleted);
    }
    const taskId = await newTask();
    for (const caller of [otherCustomer, otherCarrier, admin]) expect((await rate(caller, { taskId, rating: 5 })).status).toBe(403);
    expect((await rate(null, { taskId, rating: 5 })).status).toBe(401);
    expect((await rate(owner, { taskId: 9_999_999, rating: 5 })).status).toBe(404);
  });
});

describe('GET /ratings, /ratings/summary, /ratings/carrier/:id', () => {
  const ratedCarrier = user('carrier', { name: 'Carl' });

  it('when a carrier has 5, 4, 4, then avg 4.3 and count 3; the list is theirs, newest first', async () => {
    const ids: number[] = [];
    for (const score of [5, 4, 4]) {
      const taskId = await newTask('completed', ratedCarrier.id);
      ids.push(taskId);
      expect((await rate(owner, { taskId, rating: score, comment: 'God oplevelse' })).status).toBe(201);
    }
    // The carrier's own rating of the customer does not count towards the carrier's summary.
    expect((await rate(ratedCarrier, { taskId: ids[0], rating: 1 })).status).toBe(201);

    const summary = await tasks.call('GET', `/ratings/summary?carrierId=${ratedCarrier.id}`, { as: otherCustomer });
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({ avg: 4.3, count: 3 });
    const list = await tasks.call('GET', `/ratings/carrier/${ratedCarrier.id}`, { as: otherCustomer });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ avg: 4.3, count: 3 });
    // Someone who took no part sees scores, comments and first names — no task ids, no customer ids.
    expect(list.body.items.map((r: Record<string, unknown>) => [r.rating, r.task_id, r.customer_id, r.customer_name])).toEqual([
      [4, null, null, firstNameOf(owner.name)],
      [4, null, null, firstNameOf(owner.name)],
      [5, null, null, firstNameOf(owner.name)],
    ]);
    for (const as of [ratedCarrier, owner, admin]) {
      const involved = await tasks.call('GET', `/ratings/carrier/${ratedCarrier.id}`, { as });
      expect(involved.body.items.map((r: { task_id: number }) => r.task_id)).toEqual([...ids].reverse());
      expect(involved.body.items.map((r: { customer_id: number }) => r.customer_id)).toEqual([owner.id, owner.id, owner.id]);
    }
    expect((await tasks.call('GET', '/ratings/summary?carrierId=987654', { as: owner })).body).toEqual({ avg: 0, count: 0 });

    const byTask = await tasks.call('GET', `/ratings?taskId=${ids[0]}`, { as: owner });
    expect(byTask.body.items.map((r: { user_type: string }) => r.user_type).sort()).toEqual(['carrier', 'customer']);
    const onlyCarrier = await tasks.call('GET', `/ratings?taskId=${ids[0]}&userType=carrier`, { as: ratedCarrier });
    expect(onlyCarrier.body.items).toHaveLength(1);
    expect((await tasks.call('GET', `/ratings?userId=${ratedCarrier.id}`, { as: admin })).body.items).toHaveLength(4);
    // Not a party: nothing.
    expect((await tasks.call('GET', `/ratings?taskId=${ids[0]}`, { as: otherCustomer })).body.items).toEqual([]);
  });

  it('when the input is bad or the caller anonymous, then 400 / 401, never 500', async () => {
    expect((await tasks.call('GET', '/ratings')).status).toBe(401);
    expect((await tasks.call('GET', '/ratings/summary?carrierId=1')).status).toBe(401);
    expect((await tasks.call('GET', '/ratings/carrier/1')).status).toBe(401);
    expect((await tasks.call('GET', '/ratings/summary', { as: owner })).status).toBe(400);
    expect((await tasks.call('GET', '/ratings/summary?carrierId=abc', { as: owner })).status).toBe(400);
    expect((await tasks.call('GET', '/ratings/carrier/abc', { as: owner })).body.message).toBe(messages.invalidCarrierId);
    expect((await tasks.call('GET', '/ratings/carrier/99999999999', { as: owner })).status).toBe(400);
    expect((await tasks.call('GET', '/ratings?taskId=x', { as: owner })).status).toBe(400);
    expect((await tasks.call('GET', '/ratings?userType=admin', { as: owner })).status).toBe(400);
  });
});

describe('GET /ratings/public', () => {
  it('when anyone asks, then customers\' ratings with a comment of 6+ characters, no test tasks, newest first, first names only', async () => {
    const withComment = await newTask();
    const short = await newTask();
    const none = await newTask();
    const test = await newTask();
    await tasks.db('tasks').where({ id: test }).update({ is_test: true });
    await rate(owner, { taskId: withComment, rating: 5, comment: '  Meget tilfreds  ' });
    await rate(carrier, { taskId: withComment, rating: 4, comment: 'Venlig kunde' });
    await rate(owner, { taskId: short, rating: 5, comment: 'Fint' });
    await rate(owner, { taskId: none, rating: 5 });
    await rate(owner, { taskId: test, rating: 5, comment: 'Testvurdering her' });

    const reply = await tasks.call('GET', '/ratings/public?limit=20');
    expect(reply.status).toBe(200);
    // The same answer for everyone: public (this harness runs with BROWSE_CACHE_MS=0, so shared caches revalidate too).
    expect(reply.headers.get('cache-control')).toBe('public, no-cache');
    expect(reply.body.items[0]).toEqual(
      expect.objectContaining({ rating: 5, comment: 'Meget tilfreds', user_type: 'customer', customer_name: 'Anne', carrier_name: null, task_type: 'furniture' }),
    );
    // the carrier's rating of the customer is not a customer's review of the service
    expect(reply.body.items.map((r: { comment: string }) => r.comment)).not.toContain('Venlig kunde');
    for (const item of reply.body.items as { comment: string; rating: number }[]) {
      expect(item.comment.length).toBeGreaterThanOrEqual(6);
      expect(item.rating).toBeGreaterThan(0);
      expect(item.comment).not.toBe('Testvurdering her');
    }
    const text = JSON.stringify(reply.body);
    expect(text).not.toContain('@');
    expect(text).not.toContain('Hansen');
    expect(Object.keys(reply.body.items[0]).sort()).toEqual(['carrier_name', 'comment', 'created_at', 'customer_name', 'date', 'id', 'rating', 'task_type', 'user_type']);
  });

  it('when there are more than 20, then at most 20 (a larger limit is clamped; bad limits 400)', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({
      task_id: 500_000 + i,
      task_type: 'moving',
      customer_id: owner.id,
      carrier_id: carrier.id,
      user_type: 'customer',
      rater_id: owner.id,
      rater_first_name: 'Anne',
      rating: 5,
      comment: `Rigtig fin tur nr. ${i}`,
      is_test: false,
    }));
    await tasks.db('ratings').insert(rows);
    for (const query of ['', '?limit=20', '?limit=500']) {
      expect((await tasks.call('GET', `/ratings/public${query}`)).body.items, query).toHaveLength(20);
    }
    expect((await tasks.call('GET', '/ratings/public?limit=3')).body.items).toHaveLength(3);
    for (const bad of ['0', 'abc', '-2', '1.5']) expect((await tasks.call('GET', `/ratings/public?limit=${bad}`)).status, bad).toBe(400);
  });
});

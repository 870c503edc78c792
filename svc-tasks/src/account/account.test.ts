/** GET /internal/account/data and POST /internal/account/erasure-check — for the gateway's account endpoints. */
import { accountDeletionTexts, type TaskStatus } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

async function newTask(owner: ReturnType<typeof user>, status: TaskStatus, carrierId: number | null = null): Promise<number> {
  const reply = await tasks.call('POST', '/tasks', { as: owner, body: taskBody('package') });
  const id = reply.body.id as number;
  await tasks.db('tasks').where({ id }).update({ status, assigned_carrier_id: carrierId });
  return id;
}

const data = (caller: ReturnType<typeof user>) => tasks.call('GET', '/internal/account/data', { service: 'gateway', actingFor: caller });
const check = (caller: ReturnType<typeof user>) => tasks.call('POST', '/internal/account/erasure-check', { service: 'gateway', actingFor: caller });

describe('GET /internal/account/data', () => {
  it('when a customer and a carrier ask, then each gets only the tasks they own or are assigned to', async () => {
    const owner = user('customer');
    const stranger = user('customer');
    const carrier = user('carrier');
    const own = await newTask(owner, 'open_for_bids');
    const carried = await newTask(owner, 'completed', carrier.id);
    await newTask(stranger, 'open_for_bids');

    const mine = await data(owner);
    expect(mine.status).toBe(200);
    expect(mine.body.tasks.map((task: { id: number }) => task.id).sort()).toEqual([own, carried].sort());
    expect((await data(carrier)).body.tasks.map((task: { id: number }) => task.id)).toEqual([carried]);
    expect((await data(user('customer'))).body).toMatchObject({ tasks: [], proofs: [], ratings: [], deletionRequests: [] });
  });

  it('when a browser token (no service) asks, then 403', async () => {
    expect((await tasks.call('GET', '/internal/account/data', { as: user('customer') })).status).toBe(403);
  });
});

describe('POST /internal/account/erasure-check', () => {
  it('when every task of the caller is completed or cancelled (or there is none), then 204', async () => {
    const owner = user('customer');
    expect((await check(owner)).status).toBe(204);
    await newTask(owner, 'completed');
    await newTask(owner, 'cancelled');
    expect((await check(owner)).status).toBe(204);
  });

  it('when the caller owns an open task, or is the carrier of one in progress, then 409 with the Danish reason', async () => {
    const owner = user('customer');
    await newTask(owner, 'open_for_bids');
    const refused = await check(owner);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'account_has_active_tasks', message: accountDeletionTexts.accountHasActiveTasks });

    const carrier = user('carrier');
    await newTask(user('customer'), 'picked_up', carrier.id);
    expect((await check(carrier)).status).toBe(409);
  });
});

describe('POST /internal/account/users/:id/erasure-check (an admin deletes a user)', () => {
  const checkUser = (id: number | string, as: { service?: string; caller?: ReturnType<typeof user> } = { service: 'identity' }) =>
    tasks.call('POST', `/internal/account/users/${id}/erasure-check`, as.service ? { service: as.service } : { as: as.caller });

  it('when the user owns an open task or carries one in progress, then 409 user_has_active_tasks; when all are finished, then 204', async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    expect((await checkUser(owner.id)).status).toBe(204);
    await newTask(owner, 'paid', carrier.id);
    for (const who of [owner, carrier]) {
      const refused = await checkUser(who.id);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ code: 'user_has_active_tasks', message: accountDeletionTexts.userHasActiveTasks });
    }
    const finished = user('customer');
    await newTask(finished, 'completed');
    expect((await checkUser(finished.id)).status).toBe(204);
  });

  it('when a user token (even an admin) calls it, then 403; a malformed id is 400', async () => {
    expect((await checkUser(1, { caller: user('admin') })).status).toBe(403);
    expect((await checkUser('abc')).status).toBe(400);
  });
});

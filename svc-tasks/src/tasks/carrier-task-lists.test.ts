/**
 * A carrier's lists tell the truth (issue 25): their own tasks are those assigned to them or still open with their
 * bid (a task another carrier won is not theirs), and `available=true` leaves out tasks whose bidding a limit in force
 * now has closed — a per-type limit set after the task was created included, and the platform's limit as svc-ledger's
 * settings say now (not as the task's last bid announced it).
 */
import { eventTypes, type AuthUser, type EventPayload, type TasksPage } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const owner = user('customer');
const winner = user('carrier');
const loser = user('carrier');
const newcomer = user('carrier');
const admin = user('admin');

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

async function taskWith(type: Parameters<typeof taskBody>[0], row: Record<string, unknown>, bidders: AuthUser[] = []): Promise<number> {
  const reply = await tasks.call('POST', '/tasks', { as: owner, body: taskBody(type) });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const id = reply.body.id as number;
  await tasks.db('tasks').where({ id }).update(row);
  for (const bidder of bidders) await tasks.db('task_bidders').insert({ task_id: id, carrier_id: bidder.id });
  return id;
}

const idsOf = async (query: string, as: AuthUser) => {
  const reply = await tasks.call('GET', `/tasks${query}${query.includes('?') ? '&' : '?'}limit=100`, { as });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body as TasksPage).items.map((task) => task.id);
};

describe("a carrier's own tasks (mine=true)", () => {
  it('when another carrier won a task both bid on, then it is the winner’s (also once completed) and not the loser’s; an open task with their bid is theirs', async () => {
    const lost = await taskWith('moving', { status: 'completed', assigned_carrier_id: winner.id }, [winner, loser]);
    const open = await taskWith('moving', { status: 'open_for_bids' }, [loser]);
    expect(await idsOf('?mine=true', winner)).toContain(lost);
    expect(await idsOf('?mine=true&status=completed', winner)).toContain(lost);
    expect(await idsOf('?mine=true', loser)).not.toContain(lost);
    expect(await idsOf('?mine=true&status=completed', loser)).toEqual([]);
    expect(await idsOf('?mine=true', loser)).toContain(open);
  });
});

describe('available=true', () => {
  it('when an admin sets a per-type limit below the bids a task created before it already has, then the task is no longer available; other types stay', async () => {
    // Two bids, each announced under the platform's limit of 5 at the time (bid_limit), on a courier task.
    const courier = await taskWith('courier', { status: 'open_for_bids', bid_count: 2, bid_limit: 5 }, [winner, loser]);
    const furniture = await taskWith('furniture', { status: 'open_for_bids', bid_count: 2, bid_limit: 5 }, [winner, loser]);
    expect(await idsOf('?available=true', newcomer)).toEqual(expect.arrayContaining([courier, furniture]));
    const limit = await tasks.call('POST', '/admin/task-types', { as: admin, body: { type: 'courier', maxBids: 2 } });
    expect(limit.status, JSON.stringify(limit.body)).toBe(201);
    const available = await idsOf('?available=true', newcomer);
    expect(available).not.toContain(courier);
    expect(available).toContain(furniture);
    // The task's own limit stands above its type's.
    await tasks.db('tasks').where({ id: courier }).update({ max_bids: 3 });
    expect(await idsOf('?available=true', newcomer)).toContain(courier);
  });
});

describe('available=true and the platform limit', () => {
  const settings = (maxBids: number) =>
    ({
      feePercentage: 10,
      fixedFeeOre: 0,
      vatPercentage: 25,
      minFeeOre: 0,
      maxBids,
      changed: ['maxBids'],
      updatedBy: admin.id,
    }) satisfies EventPayload<typeof eventTypes.ledgerSettingsUpdated>;
  const platformLimitIs = (maxBids: number) =>
    waitFor(async () => (await tasks.db('platform_bid_limit').where({ id: 1 }).first())?.max_bids === maxBids);

  it('when an admin lowers the platform limit to the bids a task already has (taken under 5), then it is no longer available; raised again, it is', async () => {
    // No limit of its own or of its type ('moving' has none here): the platform's applies.
    const task = await taskWith('moving', { status: 'open_for_bids', bid_count: 3, bid_limit: 5 }, [winner, loser]);
    expect(await idsOf('?available=true', newcomer)).toContain(task);
    await tasks.publish(eventTypes.ledgerSettingsUpdated, settings(3));
    await platformLimitIs(3);
    expect(await idsOf('?available=true', newcomer)).not.toContain(task);
    // A task limit above the platform's stands above it.
    await tasks.db('tasks').where({ id: task }).update({ max_bids: 4 });
    expect(await idsOf('?available=true', newcomer)).toContain(task);
    await tasks.db('tasks').where({ id: task }).update({ max_bids: null });
    await tasks.publish(eventTypes.ledgerSettingsUpdated, settings(6));
    await platformLimitIs(6);
    expect(await idsOf('?available=true', newcomer)).toContain(task);
  });
});

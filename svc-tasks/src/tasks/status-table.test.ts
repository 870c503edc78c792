/**
 * PATCH /tasks/:id/status, walked exhaustively: every (task state, caller, target) pair against a table written out by
 * hand below. The same table is what `allowedStatusTargets` (libs/contracts) answers, so the admin's status menu and
 * the carrier's step buttons offer exactly what the API accepts.
 */
import { allowedStatusTargets, messages, taskStatuses, type AuthUser, type TaskRelation, type TaskStatus } from '@fragtbud/contracts';
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

type Caller = 'owner' | 'otherCustomer' | 'assignedCarrier' | 'otherCarrier' | 'admin';
const callers: Record<Caller, { user: AuthUser; relation: TaskRelation }> = {
  owner: { user: owner, relation: 'owner' },
  otherCustomer: { user: otherCustomer, relation: 'none' },
  assignedCarrier: { user: assignedCarrier, relation: 'assigned_carrier' },
  otherCarrier: { user: otherCarrier, relation: 'none' },
  admin: { user: admin, relation: 'none' },
};

/**
 * The allowed set, by hand. Key: `<status>/<paid|unpaid>`; `carrier` = the task has the assigned carrier.
 * Callers not named may do nothing. Paid tasks never go back to pending_admin_review / open_for_bids / assigned;
 * completed and refunded (paid + cancelled) are final; completing needs a payment.
 */
const table: { state: `${TaskStatus}/${'paid' | 'unpaid'}`; carrier: boolean; allowed: Partial<Record<Caller, TaskStatus[]>> }[] = [
  { state: 'pending_admin_review/unpaid', carrier: false, allowed: { admin: ['open_for_bids', 'assigned', 'in_progress', 'cancelled'] } },
  { state: 'created/unpaid', carrier: false, allowed: { admin: ['pending_admin_review', 'open_for_bids', 'assigned', 'in_progress', 'cancelled'] } },
  { state: 'open_for_bids/unpaid', carrier: false, allowed: { admin: ['pending_admin_review', 'assigned', 'in_progress', 'cancelled'] } },
  {
    state: 'assigned/unpaid',
    carrier: true,
    allowed: { admin: ['pending_admin_review', 'open_for_bids', 'picked_up', 'in_progress', 'cancelled'], assignedCarrier: ['picked_up'] },
  },
  { state: 'assigned/paid', carrier: true, allowed: { admin: ['picked_up', 'in_progress', 'completed', 'cancelled'], assignedCarrier: ['picked_up'] } },
  { state: 'paid/paid', carrier: true, allowed: { admin: ['picked_up', 'in_progress', 'completed', 'cancelled'], assignedCarrier: ['picked_up'] } },
  {
    state: 'picked_up/paid',
    carrier: true,
    allowed: { admin: ['in_transit', 'in_progress', 'delivered', 'completed', 'cancelled'], assignedCarrier: ['in_transit', 'delivered'] },
  },
  { state: 'in_transit/paid', carrier: true, allowed: { admin: ['in_progress', 'delivered', 'completed', 'cancelled'], assignedCarrier: ['delivered'] } },
  { state: 'in_progress/paid', carrier: true, allowed: { admin: ['delivered', 'completed', 'cancelled'], assignedCarrier: ['delivered'] } },
  {
    state: 'in_progress/unpaid',
    carrier: true,
    allowed: { admin: ['pending_admin_review', 'open_for_bids', 'assigned', 'delivered', 'cancelled'], assignedCarrier: ['delivered'] },
  },
  { state: 'delivered/paid', carrier: true, allowed: { admin: ['in_progress', 'completed', 'cancelled'], assignedCarrier: ['completed'] } },
  { state: 'completed/paid', carrier: true, allowed: {} },
  { state: 'cancelled/paid', carrier: true, allowed: {} },
  { state: 'cancelled/unpaid', carrier: false, allowed: { admin: ['pending_admin_review', 'open_for_bids', 'assigned', 'in_progress'] } },
];

const sameOrder = (statuses: readonly TaskStatus[]) => taskStatuses.filter((s) => statuses.includes(s));

describe('PATCH /tasks/:id/status, every (status, caller, target)', () => {
  it('when each caller asks for each target from each state, then exactly the allowed set is accepted and nothing else changes anything', async () => {
    const created = await tasks.call('POST', '/tasks', { as: owner, body: taskBody('moving') });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const mismatches: string[] = [];
    for (const row of table) {
      const [status, paidWord] = row.state.split('/') as [TaskStatus, string];
      const given = { status, paid_at: paidWord === 'paid' ? new Date('2026-11-01T10:00:00Z') : null, assigned_carrier_id: row.carrier ? assignedCarrier.id : null };
      for (const [name, { user: caller }] of Object.entries(callers) as [Caller, (typeof callers)[Caller]][]) {
        const accepted: TaskStatus[] = [];
        for (const to of taskStatuses) {
          await tasks.db('tasks').where({ id }).update(given);
          const reply = await tasks.call('PATCH', `/tasks/${id}/status`, { as: caller, body: { status: to } });
          const after = (await tasks.db('tasks').where({ id }).first()) as { status: TaskStatus };
          if (to === status) {
            // The status it already has: a retried step, never a change.
            if (after.status !== status) mismatches.push(`${row.state} ${name} → ${to}: changed on a no-op`);
            continue;
          }
          if (reply.status === 200) {
            accepted.push(to);
            if (after.status !== to) mismatches.push(`${row.state} ${name} → ${to}: 200 but status ${after.status}`);
          } else {
            if (![403, 404, 409, 422].includes(reply.status)) mismatches.push(`${row.state} ${name} → ${to}: ${reply.status}`);
            if (after.status !== status) mismatches.push(`${row.state} ${name} → ${to}: refused but changed`);
          }
        }
        const expected = sameOrder(row.allowed[name] ?? []);
        if (JSON.stringify(accepted) !== JSON.stringify(expected)) {
          mismatches.push(`${row.state} ${name}: API accepts [${accepted.join(', ')}], table says [${expected.join(', ')}]`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000);

  it('when allowedStatusTargets is asked for each state and caller, then it answers the same table', () => {
    for (const row of table) {
      const [status, paidWord] = row.state.split('/') as [TaskStatus, string];
      const task = { status, paid_at: paidWord === 'paid' ? '2026-11-01T10:00:00.000Z' : null };
      for (const [name, { user: caller, relation }] of Object.entries(callers) as [Caller, (typeof callers)[Caller]][]) {
        const effective = !row.carrier && relation === 'assigned_carrier' ? 'none' : relation;
        expect(allowedStatusTargets(task, caller.role, effective), `${row.state} ${name}`).toEqual(sameOrder(row.allowed[name] ?? []));
      }
    }
  });

  it('when an admin sets a paid task back to assigned (keeping its carrier), then 409 with the Danish reason and no event', async () => {
    for (const from of ['paid', 'picked_up', 'in_transit', 'delivered', 'in_progress'] as const) {
      const created = await tasks.call('POST', '/tasks', { as: owner, body: taskBody('moving') });
      const id = created.body.id as number;
      await tasks.db('tasks').where({ id }).update({ status: from, paid_at: new Date(), assigned_carrier_id: assignedCarrier.id });
      const reply = await tasks.call('PATCH', `/tasks/${id}/status`, { as: admin, body: { status: 'assigned' } });
      expect(reply.status, from).toBe(409);
      expect(reply.body).toMatchObject({ code: 'task_paid', message: messages.paidTaskKeepsCarrier });
      expect(await tasks.db('tasks').where({ id }).first()).toMatchObject({ status: from, assigned_carrier_id: assignedCarrier.id });
      const events = (await tasks.outboxEvents()).filter((e) => (e.data as { taskId?: number }).taskId === id && e.type.endsWith('status_changed'));
      expect(events).toEqual([]);
    }
  });

  it('when an admin reopens a completed or a refunded task, then 409 naming why (money after that moves by adjustment)', async () => {
    const cases = [
      { from: 'completed', code: 'task_completed', message: messages.completedTaskIsFinal },
      { from: 'cancelled', code: 'task_refunded', message: messages.refundedTaskIsFinal },
    ] as const;
    for (const { from, code, message } of cases) {
      const created = await tasks.call('POST', '/tasks', { as: owner, body: taskBody('moving') });
      const id = created.body.id as number;
      await tasks.db('tasks').where({ id }).update({ status: from, paid_at: new Date(), assigned_carrier_id: assignedCarrier.id });
      const reply = await tasks.call('PATCH', `/tasks/${id}/status`, { as: admin, body: { status: 'in_progress' } });
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ code, message });
    }
  });
});

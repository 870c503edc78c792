/** POST /tasks with an Idempotency-Key: three quick clicks on 'Opret opgave' make one task. */
import { randomUUID } from 'node:crypto';
import { eventTypes } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const customer = user('customer');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

const create = (key: string, body: Record<string, unknown>, as: typeof customer | null = customer) =>
  tasks.call('POST', '/tasks', { as, body, headers: { 'Idempotency-Key': key } });
const countTitled = async (title: string) =>
  Number((await tasks.db('tasks').where({ description: title }).count({ n: '*' }))[0]!.n);
const createdEventsOf = async (taskId: number) =>
  (await tasks.outboxEvents(eventTypes.taskCreated)).filter((e) => (e.data as { taskId?: number }).taskId === taskId);

describe('POST /tasks with an Idempotency-Key', () => {
  it('when the same submit is sent again with its key, then one task and one event exist and both get it', async () => {
    const body = taskBody('moving', { description: 'Flytning idem gentaget' });
    const key = randomUUID();
    const first = await create(key, body);
    const again = await create(key, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await countTitled('Flytning idem gentaget')).toBe(1);
    expect(await createdEventsOf(first.body.id)).toHaveLength(1);
  });

  it('when a guest repeats a submit with its key, then one task exists', async () => {
    const body = taskBody('moving', { description: 'Flytning idem gæst'});
    const key = randomUUID();
    const first = await create(key, body, null);
    const again = await create(key, body, null);
    expect(first.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await countTitled('Flytning idem gæst')).toBe(1);
  });

  it('when two submits carry different keys, then two tasks exist', async () => {
    const body = taskBody('moving', { description: 'Flytning idem to nøgler' });
    await create(randomUUID(), body);
    await create(randomUUID(), body);
    expect(await countTitled('Flytning idem to nøgler')).toBe(2);
  });

  it.skipIf(!onPostgres)('when three submits with one key arrive at once (PostgreSQL), then one task exists and all get it', async () => {
    const body = taskBody('moving', { description: 'Flytning idem parallel' });
    const key = randomUUID();
    const replies = await Promise.all([1, 2, 3].map(() => create(key, body)));
    expect(await countTitled('Flytning idem parallel')).toBe(1);
    for (const reply of replies) {
      expect(reply.status).toBe(201);
      expect(reply.body.id).toBe(replies[0]!.body.id);
    }
  });
});

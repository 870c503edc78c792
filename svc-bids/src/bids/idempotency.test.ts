/** POST /bids with an Idempotency-Key: a double click on 'Afgiv bud' gives one bid and the same answer twice. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidBody, createTask, startBids, user, type StartedBids } from '../test-harness';

let bids: StartedBids;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  bids = await startBids();
});
afterAll(async () => {
  await bids?.close();
});

const place = (as: ReturnType<typeof user>, body: unknown, key: string) =>
  bids.call('POST', '/bids', { as, body, headers: { 'Idempotency-Key': key } });
const bidsOn = async (taskId: number) => Number((await bids.db('bids').where({ task_id: taskId }).count({ n: '*' }))[0]!.n);

describe('POST /bids with an Idempotency-Key', () => {
  it('when the same bid is sent again with its key, then one bid exists and both answers are it', async () => {
    const task = await createTask(bids);
    const carrier = user('carrier');
    const key = randomUUID();
    const first = await place(carrier, bidBody(task.id, 1000), key);
    const again = await place(carrier, bidBody(task.id, 1000), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await bidsOn(task.id)).toBe(1);
  });

  it.skipIf(!onPostgres)('when three bids with one key arrive at once (PostgreSQL), then one bid exists', async () => {
    const task = await createTask(bids);
    const carrier = user('carrier');
    const key = randomUUID();
    const replies = await Promise.all([1, 2, 3].map(() => place(carrier, bidBody(task.id, 1200), key)));
    expect(await bidsOn(task.id)).toBe(1);
    for (const reply of replies) expect(reply.body).toEqual(replies[0]!.body);
  });
});

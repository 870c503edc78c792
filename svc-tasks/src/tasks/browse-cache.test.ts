/**
 * Anonymous browse: the public first page kept in memory for a short while and cleared by every change the service
 * makes (its own writes and the bid events it projects), revalidated by ETag; nothing of it for signed-in callers.
 */
import { eventTypes } from '@fragtbud/contracts';
import http from 'node:http';
import { internalTokenHeader, signInternalToken, waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const customer = user('customer');
const admin = user('admin');

const idsOf = (body: unknown) => (body as { items: { id: number }[] }).items.map((task) => task.id);
const create = async (description: string) => {
  const reply = await tasks.call('POST', '/tasks', { as: customer, body: taskBody('moving', { description }) });
  expect(reply.status).toBe(201);
  return reply.body.id as number;
};

/**
 * A browser's revalidation: If-None-Match alone. (fetch() adds `Cache-Control: no-cache` to a conditional request,
 * which rightly defeats the check, so this goes through node:http.) Anonymous: the token the gateway signs for nobody.
 */
async function revalidate(path: string, etag: string): Promise<{ status: number; etag: string | undefined; body: string }> {
  const token = await signInternalToken({ secret: tasks.config.INTERNAL_TOKEN_SECRET, user: null });
  return new Promise((resolve, reject) => {
    const request = http.get(`${tasks.url}${path}`, { headers: { 'if-none-match': etag, [internalTokenHeader]: token } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, etag: response.headers.etag, body }));
    });
    request.on('error', reject);
  });
}

beforeAll(async () => {
  tasks = await startTasks({ BROWSE_CACHE_MS: '60000' });
});
afterAll(async () => {
  await tasks?.close();
});

describe('the public first page', () => {
  it('when a row changes behind the service\'s back, then the anonymous first page is still the kept one (it is cached)', async () => {
    const id = await create('Kasser til loftet');
    const before = await tasks.call('GET', '/tasks');
    await tasks.db('tasks').where({ id }).update({ description: 'Ændret direkte' });
    const after = await tasks.call('GET', '/tasks');
    expect(after.body).toEqual(before.body);
    // A signed-in caller is never served from the cache.
    const signedIn = await tasks.call('GET', '/tasks', { as: admin });
    expect((signedIn.body.items as { id: number; description: string }[]).find((task) => task.id === id)?.description).toBe('Ændret direkte');
  });

  it('when a task is created, then the next anonymous first page has it at once', async () => {
    await tasks.call('GET', '/tasks');
    const id = await create('Ny opgave efter cachen');
    expect(idsOf((await tasks.call('GET', '/tasks')).body)[0]).toBe(id);
  });

  it('when a bid event changes a task, then the kept page is dropped', async () => {
    const id = await create('Opgave der får bud');
    const before = await tasks.call('GET', '/tasks');
    expect((before.body.items as { id: number; bid_count: number }[]).find((task) => task.id === id)?.bid_count).toBe(0);
    await tasks.publish(eventTypes.bidPlaced, {
      bidId: 9001,
      taskId: id,
      carrierId: 77,
      customerId: customer.id,
      netOre: 70_000,
      totalOre: 100_000,
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
      carrierListId: null,
      maxBids: 5,
      activeBidCount: 1,
    });
    await waitFor(async () => {
      const page = await tasks.call('GET', '/tasks');
      return (page.body.items as { id: number; bid_count: number }[]).find((task) => task.id === id)?.bid_count === 1;
    });
  });

  it('when the browser sends the ETag it has, then 304 without a body; a changed page gets a new ETag', async () => {
    const first = await tasks.call('GET', '/tasks?type=moving');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    // Browsers revalidate each time; a shared cache (the gateway) may keep it as long as this cache may lag (60 s here).
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=60');
    const again = await revalidate('/tasks?type=moving', etag as string);
    expect(again).toMatchObject({ status: 304, body: '' });
    await create('Endnu en flytning');
    const changed = await revalidate('/tasks?type=moving', etag as string);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(etag);
  });
});

describe('the total', () => {
  it('when more tasks match than the count cap, then total is the cap with totalIsEstimate, and a short page is exact', async () => {
    const rows = Array.from({ length: 1010 }, (_, i) => ({
      user_id: 4242,
      type: 'courier',
      status: 'open_for_bids',
      from_address: `Gade ${i}, 8000 Aarhus C`,
      to_address: 'Vej 1, 2100 København Ø',
      description: 'masseopgave',
      details: JSON.stringify({}),
      images: JSON.stringify([]),
    }));
    await tasks.db.batchInsert('tasks', rows, 500);
    const many = await tasks.call('GET', '/tasks?type=courier&page=2', { as: admin });
    expect(many.body).toMatchObject({ total: 1000, totalIsEstimate: true, page: 2 });
    expect(many.body.nextCursor).toMatch(/^\d+_\d+$/);
    const few = await tasks.call('GET', '/tasks?type=moving', { as: admin });
    expect(few.body).toMatchObject({ totalIsEstimate: false, nextCursor: null });
    expect(few.body.total).toBe((few.body.items as unknown[]).length);
  });

  it('when a cursor is not one the service gave out, then 400 with the Danish message', async () => {
    const reply = await tasks.call('GET', '/tasks?after=abc', { as: admin });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Ugyldig sidemarkør – start forfra fra første side');
  });
});

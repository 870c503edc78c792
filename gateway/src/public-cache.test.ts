import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa, { type Context } from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { createPublicCache, sharedLifetimeMs } from './public-cache';

interface Owner {
  calls: number;
  answer: (ctx: Context) => void;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** The gateway's use of the cache around a stand-in owner that counts how often it is asked. */
async function gatewayWith(owner: Owner, options: { maxMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const cache = createPublicCache({ maxMs: options.maxMs ?? 60_000, maxEntries: options.maxEntries, now: options.now });
  const app = new Koa();
  app.use(async (ctx) => {
    if (cache.answer(ctx, ctx.url)) return;
    owner.calls += 1;
    owner.answer(ctx);
    cache.keep(ctx, ctx.url);
  });
  const server = http.createServer(app.callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, cache };
}

function owner(cacheControl: string, extra: (ctx: Context) => void = () => undefined): Owner {
  const state: Owner = {
    calls: 0,
    answer(ctx) {
      ctx.set('Cache-Control', cacheControl);
      ctx.set('ETag', `W/"v${state.calls}"`);
      ctx.type = 'application/json';
      ctx.body = Buffer.from(JSON.stringify({ version: state.calls }));
      extra(ctx);
    },
  };
  return state;
}

describe('the gateway as a shared cache', () => {
  it('when the owner allows shared caches (public, s-maxage), then the next request is answered from memory with its Age', async () => {
    const tasks = owner('public, max-age=0, must-revalidate, s-maxage=2');
    const { url } = await gatewayWith(tasks);
    const first = await fetch(`${url}/api/tasks?page=2`);
    const second = await fetch(`${url}/api/tasks?page=2`);
    expect(tasks.calls).toBe(1);
    expect(await second.json()).toEqual(await first.json());
    expect(second.headers.get('age')).toBe('0');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=2');
    // Another address is another answer.
    await fetch(`${url}/api/tasks?page=3`);
    expect(tasks.calls).toBe(2);
  });

  it('when the kept answer is older than s-maxage or the gateway limit, then the owner is asked again', async () => {
    let now = 1_000_000;
    const tasks = owner('public, s-maxage=5');
    const { url } = await gatewayWith(tasks, { maxMs: 1_000, now: () => now });
    await fetch(`${url}/api/tasks`);
    now += 999;
    await fetch(`${url}/api/tasks`);
    expect(tasks.calls).toBe(1);
    now += 1;
    expect(await (await fetch(`${url}/api/tasks`)).json()).toEqual({ version: 2 });
    expect(tasks.calls).toBe(2);
  });

  it('when the client has the kept ETag, then 304 without asking the owner', async () => {
    const tasks = owner('public, s-maxage=2');
    const { url } = await gatewayWith(tasks);
    const first = await fetch(`${url}/api/tasks`);
    const etag = first.headers.get('etag') as string;
    const revalidated = await new Promise<number>((resolve, reject) => {
      http.get(`${url}/api/tasks`, { headers: { 'if-none-match': etag } }, (response) => resolve(response.statusCode ?? 0)).on('error', reject);
    });
    expect(revalidated).toBe(304);
    expect(tasks.calls).toBe(1);
  });

  it('when the client asks for a fresh answer (no-cache), then the owner answers and that answer is kept', async () => {
    const tasks = owner('public, s-maxage=2');
    const { url } = await gatewayWith(tasks);
    await fetch(`${url}/api/tasks`);
    const fresh = await fetch(`${url}/api/tasks`, { headers: { 'cache-control': 'no-cache' } });
    expect(await fresh.json()).toEqual({ version: 2 });
    expect(await (await fetch(`${url}/api/tasks`)).json()).toEqual({ version: 2 });
    expect(tasks.calls).toBe(2);
  });

  it.each([
    ['private', 'private, s-maxage=2', () => undefined],
    ['no-store', 'public, no-store, s-maxage=2', () => undefined],
    ['no-cache', 'public, no-cache', () => undefined],
    ['without s-maxage', 'public, max-age=60', () => undefined],
    ['setting a cookie', 'public, s-maxage=2', (ctx: Context) => ctx.cookies.set('sid', 'x')],
    ['varying on another header', 'public, s-maxage=2', (ctx: Context) => ctx.set('Vary', 'Accept-Language')],
    ['not 200', 'public, s-maxage=2', (ctx: Context) => void (ctx.status = 404)],
  ])('when the answer is %s, then it is never kept', async (_, cacheControl, extra) => {
    const tasks = owner(cacheControl, extra);
    const { url } = await gatewayWith(tasks);
    await fetch(`${url}/api/tasks`);
    await fetch(`${url}/api/tasks`);
    expect(tasks.calls).toBe(2);
  });

  it('when the answer varies only on the credentials and the encoding, then it is kept (only anonymous requests use it; encodings are negotiated here)', async () => {
    const tasks = owner('public, s-maxage=2', (ctx) => ctx.set('Vary', 'Accept-Encoding, Cookie, Authorization'));
    const { url } = await gatewayWith(tasks);
    await fetch(`${url}/api/tasks`);
    await fetch(`${url}/api/tasks`);
    expect(tasks.calls).toBe(1);
  });

  it('when it is cleared or full, then the oldest or all answers are gone', async () => {
    const tasks = owner('public, s-maxage=2');
    const { url, cache } = await gatewayWith(tasks, { maxEntries: 2 });
    for (const page of [1, 2, 3]) await fetch(`${url}/api/tasks?page=${page}`);
    await fetch(`${url}/api/tasks?page=3`);
    expect(tasks.calls).toBe(3);
    await fetch(`${url}/api/tasks?page=1`);
    expect(tasks.calls).toBe(4);
    cache.clear();
    await fetch(`${url}/api/tasks?page=1`);
    expect(tasks.calls).toBe(5);
  });

  it('when a client accepts brotli or gzip, then a kept answer of 1 KB or more is sent compressed, the same bytes once decoded', async () => {
    const large = { items: Array.from({ length: 40 }, (_, i) => ({ id: i, description: 'Flyttekasser og en sofa til 3. sal' })) };
    const tasks = owner('public, s-maxage=2', (ctx) => void (ctx.body = Buffer.from(JSON.stringify(large))));
    const { url } = await gatewayWith(tasks);
    await fetch(`${url}/api/tasks`);
    for (const encoding of ['br', 'gzip']) {
      const kept = await fetch(`${url}/api/tasks`, { headers: { 'accept-encoding': encoding } });
      expect(kept.headers.get('content-encoding')).toBe(encoding);
      expect(kept.headers.get('vary')).toContain('Accept-Encoding');
      expect(Number(kept.headers.get('content-length'))).toBeLessThan(JSON.stringify(large).length / 3);
      expect(await kept.json()).toEqual(large);
    }
    const plain = await fetch(`${url}/api/tasks`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(large);
    // A small answer is sent as it is.
    const small = owner('public, s-maxage=2');
    const other = await gatewayWith(small);
    await fetch(`${other.url}/api/tasks`);
    expect((await fetch(`${other.url}/api/tasks`, { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding')).toBeNull();
    expect(tasks.calls + small.calls).toBe(2);
  });

  it('when the gateway limit is 0, then nothing is kept', async () => {
    const tasks = owner('public, s-maxage=2');
    const { url } = await gatewayWith(tasks, { maxMs: 0 });
    await fetch(`${url}/api/tasks`);
    await fetch(`${url}/api/tasks`);
    expect(tasks.calls).toBe(2);
  });
});

describe('sharedLifetimeMs', () => {
  it.each([
    ['public, s-maxage=2', 2000],
    ['Public, Max-Age=0, Must-Revalidate, S-Maxage=10', 10_000],
    ['public, s-maxage=0', 0],
    ['public, s-maxage=abc', 0],
    ['s-maxage=5', 0],
    ['public, private, s-maxage=5', 0],
    ['', 0],
  ])('%s → %d ms', (cacheControl, expected) => {
    expect(sharedLifetimeMs(cacheControl)).toBe(expected);
  });
});

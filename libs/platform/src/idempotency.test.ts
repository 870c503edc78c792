import Router from '@koa/router';
import { messages, type AuthUser } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { baseConfigSchema, loadConfig } from './config';
import { createService, type RunningService } from './create-service';
import { idempotent } from './idempotency';
import { defineService, type ServiceDeps } from './service-definition';
import { createTestClient, type TestClient } from './test-client';
import { createTestInfra, type TestInfra } from './testing';
import { parseBody } from './validation';

const alice: AuthUser = { id: 7, role: 'customer', approved: true, blocked: false, name: 'Alice', email: 'a@example.dk' };
const bob: AuthUser = { ...alice, id: 8, name: 'Bob', email: 'b@example.dk' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function routes({ db }: ServiceDeps) {
  const router = new Router();
  router.post('/items', idempotent(() => db), async (ctx) => {
    const { name, fail, slowMs } = parseBody(ctx, z.object({ name: z.string(), fail: z.boolean().optional(), slowMs: z.number().optional() }));
    if (fail) throw AppError.badRequest(messages.invalidInput);
    // Work while holding the key, so duplicates arrive during it; not a wait for something to happen.
    if (slowMs) await pause(slowMs);
    const [row] = await db('items').insert({ name }).returning(['id', 'name']);
    ctx.status = 201;
    ctx.body = row;
  });
  // A write that keeps the key with its row (as money movements do) and answers a repeat itself.
  router.post('/keyed', idempotent(() => db, { replay: false }), async (ctx) => {
    const { name, fail } = parseBody(ctx, z.object({ name: z.string(), fail: z.boolean().optional() }));
    if (fail) throw AppError.badRequest(messages.invalidInput);
    const key = ctx.get('idempotency-key');
    const [inserted] = await db('keyed_items').insert({ key, name }).onConflict('key').ignore().returning(['id', 'name']);
    ctx.status = inserted ? 201 : 200;
    ctx.body = inserted ?? (await db('keyed_items').where({ key }).first('id', 'name'));
  });
  return router;
}

const itemsService = defineService({
  name: 'idem',
  migrations: [
    { name: '001_items', up: (knex) => knex.schema.createTable('items', (t) => { t.increments('id'); t.text('name'); }) },
    { name: '002_keyed_items', up: (knex) => knex.schema.createTable('keyed_items', (t) => { t.increments('id'); t.text('key').unique(); t.text('name'); }) },
  ],
  routes: (deps) => [routes(deps)],
});

describe('idempotent', () => {
  let infra: TestInfra;
  let service: RunningService;
  let client: TestClient;
  const count = async (name: string) => Number((await infra.database.knex('items').where({ name }).count({ n: '*' }))[0]!.n);
  const post = (body: unknown, key?: string, as: AuthUser | null = alice) =>
    client.call('POST', '/items', { as, body, headers: key ? { 'Idempotency-Key': key } : {} });

  beforeAll(async () => {
    infra = await createTestInfra('idem');
    const config = loadConfig(baseConfigSchema, infra.env);
    service = await createService(itemsService, { config, database: infra.database, bus: infra.bus, logger: infra.logger });
    const { url } = await service.listen();
    client = createTestClient({ url, secret: config.INTERNAL_TOKEN_SECRET });
  });

  afterAll(async () => {
    await service?.close();
    await infra?.close();
  });

  it('when the same key is sent twice, then one row is made and the second gets the first answer', async () => {
    const first = await post({ name: 'twice' }, 'key-twice-1');
    const second = await post({ name: 'twice' }, 'key-twice-1');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('twice')).toBe(1);
  });

  it('when no key is sent, then every request runs', async () => {
    await post({ name: 'nokey' });
    await post({ name: 'nokey' });
    expect(await count('nokey')).toBe(2);
  });

  it('when two callers use the same key, then each gets its own answer', async () => {
    const a = await post({ name: 'percaller' }, 'shared-key');
    const b = await post({ name: 'percaller' }, 'shared-key', bob);
    expect(a.body.id).not.toBe(b.body.id);
    expect(await count('percaller')).toBe(2);
  });

  it('when two guests at different addresses use the same key, then neither gets the other one\'s answer', async () => {
    const asGuest = (ip: string) =>
      client.call('POST', '/items', { as: null, client: { ip, https: true }, body: { name: 'guests' }, headers: { 'Idempotency-Key': 'guest-key' } });
    const first = await asGuest('192.0.2.1');
    const second = await asGuest('192.0.2.2');
    const again = await asGuest('192.0.2.1');
    expect(second.body.id).not.toBe(first.body.id);
    expect(again.body).toEqual(first.body);
    expect(await count('guests')).toBe(2);
  });

  it('when a key is reused for another body, then 422 idempotency_key_reused', async () => {
    await post({ name: 'reuse-a' }, 'key-reuse');
    const reply = await post({ name: 'reuse-b' }, 'key-reuse');
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ code: 'idempotency_key_reused', message: messages.idempotencyKeyReused });
    expect(await count('reuse-b')).toBe(0);
  });

  it('when the key is malformed, then 400 in Danish', async () => {
    const reply = await post({ name: 'bad' }, 'x'.repeat(201));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_idempotency_key', message: messages.invalidIdempotencyKey });
  });

  it('when the header is sent empty, then 400 in Danish and nothing is created', async () => {
    const reply = await client.call('POST', '/items', { as: alice, body: { name: 'empty-key' }, headers: { 'Idempotency-Key': '' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_idempotency_key', message: messages.invalidIdempotencyKey });
    expect(await count('empty-key')).toBe(0);
  });

  it('when the first request failed, then a retry with the same key runs', async () => {
    const failed = await post({ name: 'retry', fail: true }, 'key-retry');
    expect(failed.status).toBe(400);
    const retried = await post({ name: 'retry', fail: true }, 'key-retry');
    expect(retried.status).toBe(400);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('when the same key arrives three times at once, then one row is made and all get the same answer', async () => {
    const replies = await Promise.all([1, 2, 3].map(() => post({ name: 'parallel', slowMs: 100 }, 'key-parallel')));
    expect(await count('parallel')).toBe(1);
    for (const reply of replies) {
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual(replies[0]!.body);
    }
  });

  describe('without replay (the route keeps the key with its row)', () => {
    const keyed = (body: unknown, key: string) => client.call('POST', '/keyed', { as: alice, body, headers: { 'Idempotency-Key': key } });

    it('when the same key comes with the same body, then the route runs and answers the row it made', async () => {
      const first = await keyed({ name: 'keyed-same' }, 'keyed-same');
      const second = await keyed({ name: 'keyed-same' }, 'keyed-same');
      expect([first.status, second.status]).toEqual([201, 200]);
      expect(second.body).toEqual(first.body);
      expect(second.headers.get('idempotent-replayed')).toBeNull();
    });

    it('when the same key comes with another body, then 422 idempotency_key_reused and nothing changes', async () => {
      await keyed({ name: 'keyed-100' }, 'keyed-reuse');
      const reply = await keyed({ name: 'keyed-5000' }, 'keyed-reuse');
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({ code: 'idempotency_key_reused', message: messages.idempotencyKeyReused });
      expect(await infra.database.knex('keyed_items').where({ key: 'keyed-reuse' }).first('name')).toEqual({ name: 'keyed-100' });
    });

    it('when the first request was refused, then the key may be used again with a corrected body', async () => {
      expect((await keyed({ name: 'keyed-fixed', fail: true }, 'keyed-refused')).status).toBe(400);
      expect((await keyed({ name: 'keyed-fixed' }, 'keyed-refused')).status).toBe(201);
    });
  });
});

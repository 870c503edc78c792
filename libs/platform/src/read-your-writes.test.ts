import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseConfigSchema, loadConfig } from './config';
import { consume } from './consumer';
import { createService, type RunningService } from './create-service';
import { readAfterHeader, writtenEventsHeader } from './read-your-writes';
import { eventMetaOf } from './request-context';
import { defineService, type ServiceDeps } from './service-definition';
import { createTestClient, type TestClient } from './test-client';
import { createTestInfra, testEnvelope, type TestInfra } from './testing';

const seenType = 'rywother.thing.happened';
/** Consumed here, but by a consumer whose work the writer never reads (`writerReads: false`). */
const toldOthersType = 'rywother.thing.told';

function routes({ db, outbox }: ServiceDeps) {
  const router = new Router();
  router.post('/things', async (ctx) => {
    await db.transaction((trx) => outbox.add(trx, 'ryw.thing.made', { n: 1 }, eventMetaOf(ctx)));
    ctx.status = 201;
    ctx.body = {};
  });
  router.post('/failing-things', async () => {
    await db
      .transaction(async (trx) => {
        await outbox.add(trx, 'ryw.thing.made', { n: 2 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    throw new Error('refused');
  });
  router.get('/told', async (ctx) => {
    ctx.body = { told: Number(((await db('told').count({ n: '*' }).first()) as { n: number | string }).n) };
  });
  router.get('/seen', async (ctx) => {
    ctx.body = { seen: Number(((await db('seen').count({ n: '*' }).first()) as { n: number | string }).n) };
  });
  return router;
}

const service = defineService({
  name: 'ryw',
  routes: (deps) => [routes(deps)],
  consumers: () => [
    consume({
      durable: 'seen',
      subjects: [seenType],
      handle: async (event, trx) => {
        await trx('seen').insert({ event_id: event.id });
      },
    }),
    consume({
      durable: 'told',
      subjects: [toldOthersType],
      writerReads: false,
      handle: async (event, trx) => {
        await trx('told').insert({ event_id: event.id });
      },
    }),
  ],
});

describe('read-your-writes in a service', () => {
  let infra: TestInfra;
  let running: RunningService;
  let client: TestClient;

  beforeAll(async () => {
    infra = await createTestInfra('ryw');
    await infra.database.knex.schema.createTable('seen', (table) => table.uuid('event_id').primary());
    await infra.database.knex.schema.createTable('told', (table) => table.uuid('event_id').primary());
    running = await createService(service, { config: loadConfig(baseConfigSchema, infra.env), database: infra.database, bus: infra.bus, logger: infra.logger });
    const { url } = await running.listen(0);
    client = createTestClient({ url, secret: running.deps.config.INTERNAL_TOKEN_SECRET });
  });

  afterAll(async () => {
    await running?.close();
    await infra?.close();
  });

  it('when a write commits an event, then its answer names it; when the transaction rolls back, then nothing is named', async () => {
    const written = await client.call('POST', '/things', { body: {} });
    expect(written.status).toBe(201);
    expect(written.headers.get(writtenEventsHeader)).toMatch(/^ryw\.thing\.made@[0-9a-f-]{36}$/);
    const failed = await client.call('POST', '/failing-things', { body: {} });
    expect(failed.status).toBe(500);
    expect(failed.headers.get(writtenEventsHeader)).toBeNull();
  });

  it('when a request names an event this service consumes, then it is answered once the event is handled', async () => {
    const event = testEnvelope(seenType, {});
    const reading = client.call('GET', '/seen', { headers: { [readAfterHeader]: `${seenType}@${event.id}` } });
    await infra.bus.publish(event);
    expect((await reading).body).toEqual({ seen: 1 });
  });

  it('when a request names events this service does not consume, or malformed ones, then it is answered at once', async () => {
    const reply = await client.call('GET', '/seen', { headers: { [readAfterHeader]: `other.x.y@${testEnvelope('other.x.y', {}).id},nonsense,@` } });
    expect(reply.status).toBe(200);
  });

  it('when a request names an event only a consumer with writerReads: false takes, then it is answered at once (not after the event)', async () => {
    // Never published: a request that waited would take the 5 s timeout (and the test would time out first).
    const event = testEnvelope(toldOthersType, {});
    const reply = await client.call('GET', '/told', { headers: { [readAfterHeader]: `${toldOthersType}@${event.id}` } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ told: 0 });
  }, 2_000);
});

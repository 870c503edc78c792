import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseConfigSchema, loadConfig } from './config';
import { consume } from './consumer';
import { createService, type RunningService } from './create-service';
import type { EventEnvelope } from './event-bus';
import { handleOnce } from './inbox';
import { signInternalToken } from './internal-token';
import { causedBy } from './outbox';
import { createInProcessBus } from './in-process-bus';
import { migrate, type Migration } from './migrate';
import { defineService } from './service-definition';
import { createTestInfra, waitFor, type TestInfra } from './testing';

const migrations: Migration[] = [
  {
    name: '001_counters',
    up: (knex) =>
      knex.schema.createTable('counters', (table) => {
        table.text('name').primary();
        table.integer('value').notNullable();
      }),
  },
];

function envelope(type = 'shop.item.added'): EventEnvelope {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), correlationId: randomUUID(), data: {} };
}

describe('inbox', () => {
  let infra: TestInfra;

  beforeAll(async () => {
    infra = await createTestInfra('inbox');
    await migrate(infra.database, migrations);
  });

  afterAll(() => infra.close());

  beforeEach(async () => {
    await infra.database.knex('counters').delete();
    await infra.database.knex('counters').insert({ name: 'items', value: 0 });
  });

  const count = async () => (await infra.database.knex('counters').where({ name: 'items' }).first()).value as number;
  const increment = async (_event: EventEnvelope, trx: Parameters<Parameters<typeof handleOnce>[3]>[1]) => {
    await trx('counters').where({ name: 'items' }).increment('value', 1);
  };

  it('when the same event is handled twice, then it is applied once', async () => {
    const event = envelope();
    expect(await handleOnce(infra.database.knex, 'counter', event, increment)).toBe(true);
    expect(await handleOnce(infra.database.knex, 'counter', event, increment)).toBe(false);
    expect(await count()).toBe(1);
  });

  it('when the same event arrives twice at once, then it is applied once', async () => {
    const event = envelope();
    const results = await Promise.all([1, 2, 3].map(() => handleOnce(infra.database.knex, 'counter', event, increment)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await count()).toBe(1);
  });

  it('when two consumers handle the same event, then each applies it once', async () => {
    const event = envelope();
    await handleOnce(infra.database.knex, 'counter', event, increment);
    await handleOnce(infra.database.knex, 'audit', event, increment);
    expect(await count()).toBe(2);
  });

  it('when the handler fails, then the inbox row is rolled back with its changes and a retry applies it', async () => {
    const event = envelope();
    const failing = async (e: EventEnvelope, trx: Parameters<typeof increment>[1]) => {
      await increment(e, trx);
      throw new Error('boom');
    };
    await expect(handleOnce(infra.database.knex, 'counter', event, failing)).rejects.toThrow('boom');
    expect(await count()).toBe(0);
    expect(await handleOnce(infra.database.knex, 'counter', event, increment)).toBe(true);
    expect(await count()).toBe(1);
  });

  describe('consumers declared in a service', () => {
    const config = () => loadConfig(baseConfigSchema, infra.env);
    let attempts = 0;
    const counterService = defineService({
      name: 'inboxsvc',
      migrations,
      consumers: () => [
        consume({
          durable: 'counter',
          subjects: ['shop.item.added'],
          handle: async (event, trx) => {
            attempts += 1;
            await increment(event, trx);
            if ((event.data as { failOnce?: boolean }).failOnce && attempts === 1) throw new Error('first try fails');
          },
        }),
      ],
    });

    beforeEach(() => {
      attempts = 0;
    });

    it('when the handler fails once, then the redelivered event is applied exactly once', async () => {
      const service = await createService(counterService, { config: config(), database: infra.database, bus: infra.bus });
      try {
        await infra.bus.publish({ ...envelope(), data: { failOnce: true } });
        await waitFor(() => attempts === 2);
        await waitFor(async () => (await count()) === 1);
      } finally {
        await service.close();
      }
    });

    it('when another service commits an event through its outbox, then the consumer handles it in the same correlation', async () => {
      const shopDatabase = await infra.addDatabase('shopsvc');
      const seen: EventEnvelope[] = [];
      const shopService = defineService({
        name: 'shopsvc',
        migrations,
        routes: ({ db, outbox }) => [
          new Router().post('/items', async (ctx) => {
            ctx.body = await db.transaction(async (trx) => {
              await trx('counters').insert({ name: 'shop', value: 1 });
              return outbox.add(trx, 'shop.item.added', { name: 'sofa' }, { correlationId: ctx.state.requestId });
            });
          }),
        ],
      });
      const auditService = defineService({
        name: 'auditsvc',
        migrations,
        consumers: ({ outbox }) => [
          consume({
            durable: 'audit',
            subjects: ['shop.item.added'],
            handle: async (event, trx) => {
              seen.push(event);
              await outbox.add(trx, 'audit.entry.written', { of: event.id }, causedBy(event));
            },
          }),
        ],
      });
      const cfg = config();
      const shop = await createService(shopService, { config: cfg, database: shopDatabase, bus: infra.bus });
      const audit = await createService(auditService, { config: cfg, database: infra.database, bus: infra.bus });
      try {
        const { url } = await shop.listen();
        const response = await fetch(`${url}/items`, {
          method: 'POST',
          headers: {
            'x-request-id': 'req-flow-1',
            'x-internal-token': await signInternalToken({ secret: cfg.INTERNAL_TOKEN_SECRET, user: null }),
          },
        });
        const published = (await response.json()) as EventEnvelope;
        // A new durable also receives the earlier tests' shop events (deliver policy "all"): look for ours.
        const handled = await waitFor(() => seen.find((event) => event.id === published.id));
        expect(handled).toMatchObject({ correlationId: 'req-flow-1', data: { name: 'sofa' } });
        const follow = await waitFor(() =>
          infra.database.knex('outbox').where({ type: 'audit.entry.written', causation_id: published.id }).first(),
        );
        expect(follow).toMatchObject({ correlation_id: 'req-flow-1', causation_id: published.id });
      } finally {
        await shop.close();
        await audit.close();
      }
    });

    it('when the bus delivers the same event twice, then the service applies it once', async () => {
      // Bus-level dedupe off: this bus redelivers like JetStream after its duplicate window.
      const bus = createInProcessBus({ logger: infra.logger, dedupeWindowMs: 0 });
      let service: RunningService | undefined;
      try {
        service = await createService(counterService, { config: config(), database: infra.database, bus });
        const event = envelope();
        const after = envelope();
        await bus.publish(event);
        await bus.publish(event);
        // The in-process bus hands a durable its events in order: once the event published after the duplicate
        // has been applied, the duplicate has been delivered (and skipped).
        await bus.publish(after);
        await waitFor(async () => (await infra.database.knex('inbox').where({ event_id: after.id, durable: 'inboxsvc-counter' })).length === 1);
        expect(attempts).toBe(2);
        expect(await count()).toBe(2);
        expect(await infra.database.knex('inbox').where({ event_id: event.id, durable: 'inboxsvc-counter' })).toHaveLength(1);
      } finally {
        await service?.close();
        await bus.close();
      }
    });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventBus, EventEnvelope } from './event-bus';
import { migrate } from './migrate';
import { createOutbox, type Outbox } from './outbox';
import { createOutboxRelay, type OutboxRelay } from './outbox-relay';
import { createTestInfra, waitFor, type TestInfra } from './testing';

/** The real bus behind a switch: while down, publish throws as NATS would. */
function switchableBus(inner: EventBus) {
  const state = { down: false, failedAttempts: 0, published: [] as EventEnvelope[] };
  const bus: EventBus = {
    ...inner,
    async publish(envelope) {
      if (state.down) {
        state.failedAttempts += 1;
        throw new Error('bus is down');
      }
      await inner.publish(envelope);
      state.published.push(envelope);
    },
  };
  return { bus, state };
}

describe('outbox and relay', () => {
  let infra: TestInfra;
  let outbox: Outbox;
  let relay: OutboxRelay;
  let bus: ReturnType<typeof switchableBus>;
  const received: EventEnvelope[] = [];

  beforeAll(async () => {
    infra = await createTestInfra('outbox');
    await migrate(infra.database, [
      { name: '001_items', up: (knex) => knex.schema.createTable('items', (table) => table.text('name')) },
    ]);
    bus = switchableBus(infra.bus);
    // A long poll interval: events must go out because the commit wakes the relay, not because it polls.
    relay = createOutboxRelay({
      db: infra.database.knex,
      bus: bus.bus,
      logger: infra.logger,
      pollIntervalMs: 60_000,
      retry: { baseMs: 20, maxMs: 100 },
    });
    outbox = createOutbox({ onCommitted: relay.nudge });
    relay.start();
    await infra.bus.subscribe({ durable: 'outbox-test', subjects: ['shop.>'], handler: async (event) => void received.push(event) });
  });

  afterAll(async () => {
    await relay.stop();
    await infra.close();
  });

  beforeEach(() => {
    received.length = 0;
    bus.state.published.length = 0;
    bus.state.down = false;
  });

  const unsent = async () => (await infra.database.knex('outbox').whereNull('sent_at')).length;

  /**
   * "Nothing more went out" without sleeping: the relay publishes unsent rows in commit order, so once an event
   * committed after the ones under test has arrived, anything still due before it would have been published first.
   */
  async function commitSentinel(): Promise<EventEnvelope> {
    const sentinel = await infra.database.knex.transaction((trx) => outbox.add(trx, 'shop.item.added', { name: 'sentinel' }));
    await waitFor(() => received.some((event) => event.id === sentinel.id));
    return sentinel;
  }

  it('when a change commits while the bus is down, then its event is published once after the bus is back', async () => {
    bus.state.down = true;
    const failedBefore = bus.state.failedAttempts;
    const event = await infra.database.knex.transaction(async (trx) => {
      await trx('items').insert({ name: 'sofa' });
      return outbox.add(trx, 'shop.item.added', { name: 'sofa' }, { correlationId: 'req-1' });
    });
    await waitFor(() => bus.state.failedAttempts >= failedBefore + 2);
    expect(await unsent()).toBe(1);
    expect(received).toEqual([]);

    bus.state.down = false;
    await waitFor(() => received.length === 1);
    await waitFor(async () => (await unsent()) === 0);
    const sentinel = await commitSentinel();
    expect(received).toEqual([{ ...event, version: expect.any(Number) }, { ...sentinel, version: expect.any(Number) }]);
    expect(bus.state.published.filter((published) => published.id === event.id)).toHaveLength(1);
    expect(event).toMatchObject({ type: 'shop.item.added', correlationId: 'req-1', data: { name: 'sofa' } });
  });

  it('when the transaction rolls back, then nothing is recorded or published', async () => {
    await expect(
      infra.database.knex.transaction(async (trx) => {
        await trx('items').insert({ name: 'lamp' });
        await outbox.add(trx, 'shop.item.added', { name: 'lamp' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const sentinel = await commitSentinel();
    expect(await infra.database.knex('outbox').whereRaw("data->>'name' = 'lamp'")).toEqual([]);
    expect(received.map((event) => event.id)).toEqual([sentinel.id]);
    expect(bus.state.published.map((event) => event.id)).toEqual([sentinel.id]);
  });

  it('when events commit in several transactions, then they are published in commit order, right after commit', async () => {
    for (const batch of [['a', 'b', 'c'], ['d', 'e']]) {
      await infra.database.knex.transaction(async (trx) => {
        for (const name of batch) await outbox.add(trx, 'shop.item.added', { name });
      });
    }
    await waitFor(() => received.length === 5, { timeoutMs: 3_000 });
    expect(received.map((event) => (event.data as { name: string }).name)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('when several events are added with one statement, then they are published in the order given, each with its own meta, and one bad payload records none', async () => {
    await expect(
      infra.database.knex.transaction((trx) =>
        outbox.addAll(trx, [
          { type: 'shop.item.added', data: { name: 'never' } },
          { type: 'identity.user.registered', data: { userId: 'x' } },
        ]),
      ),
    ).rejects.toThrow(/Invalid payload/);
    const added = await infra.database.knex.transaction((trx) =>
      outbox.addAll(
        trx,
        ['f', 'g', 'h', 'i'].map((name) => ({ type: 'shop.item.added', data: { name }, meta: { correlationId: `req-${name}` } })),
      ),
    );
    await waitFor(() => received.length === 4, { timeoutMs: 3_000 });
    expect(received.map((event) => [(event.data as { name: string }).name, event.correlationId])).toEqual([
      ['f', 'req-f'],
      ['g', 'req-g'],
      ['h', 'req-h'],
      ['i', 'req-i'],
    ]);
    expect(received.map((event) => event.id)).toEqual(added.map((event) => event.id));
    expect(await infra.database.knex('outbox').whereRaw("data->>'name' = 'never'")).toEqual([]);
  });

  it('when a payload breaks the contract, then add refuses with a plain Error (a bug, not client input)', async () => {
    const attempt = infra.database.knex.transaction(async (trx) => {
      const error = await outbox.add(trx, 'identity.user.registered', { userId: 'x' }).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).constructor).toBe(Error);
      expect((error as Error).message).toMatch(/Invalid payload for event identity\.user\.registered/);
      await expect(outbox.add(trx, 'shop.item.added', [1, 2] as unknown as object)).rejects.toThrow(/plain object/);
      await expect(outbox.add(trx, 'not a type', {})).rejects.toThrow(/<service>\.<entity>\.<event>/);
      const valid = await outbox.add(trx, 'identity.user.registered', {
        userId: 1,
        role: 'customer',
        name: 'Kim',
        email: 'kim@example.dk',
      });
      expect(valid.data).toMatchObject({ userId: 1 });
      throw new Error('roll back');
    });
    await expect(attempt).rejects.toThrow('roll back');
  });

  it('when an event is caused by another, then correlation and causation are carried', async () => {
    const cause = await infra.database.knex.transaction((trx) => outbox.add(trx, 'shop.item.added', { name: 'x' }));
    const effect = await infra.database.knex.transaction((trx) =>
      outbox.add(trx, 'shop.item.counted', { count: 1 }, { correlationId: cause.correlationId, causationId: cause.id }),
    );
    await waitFor(() => received.length === 2);
    expect(received[1]).toMatchObject({ id: effect.id, correlationId: cause.correlationId, causationId: cause.id });
  });

  it('when the relay is stopped while the bus is down, then stop returns promptly', async () => {
    let otherAttempts = 0;
    const otherBus: EventBus = { ...bus.bus, publish: (envelope) => ((otherAttempts += 1), bus.bus.publish(envelope)) };
    const other = createOutboxRelay({ db: infra.database.knex, bus: otherBus, logger: infra.logger, retry: { baseMs: 5_000, maxMs: 5_000 } });
    bus.state.down = true;
    await infra.database.knex.transaction((trx) => outbox.add(trx, 'shop.item.added', { name: 'late' }));
    other.start();
    // Stopped while it waits out its 5 s back-off after a failed publish.
    await waitFor(() => otherAttempts >= 1);
    const started = Date.now();
    await other.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    bus.state.down = false;
    relay.nudge();
    await waitFor(async () => (await unsent()) === 0);
  });
});

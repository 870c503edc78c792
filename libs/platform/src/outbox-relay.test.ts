import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventBus, EventEnvelope } from './event-bus';
import { migrate } from './migrate';
import { createOutboxRelay, markForReplay, type OutboxRelay } from './outbox-relay';
import { createTestInfra, waitFor, type TestInfra } from './testing';

/** A bus the test controls: up or down, a store identity it can change, and a reconnect it can announce. */
function controlledBus() {
  const state = { up: true, identity: 'store-1', published: [] as EventEnvelope[], refused: [] as EventEnvelope[] };
  const listeners = new Set<() => void>();
  const bus: EventBus = {
    kind: 'nats',
    async publish(envelope) {
      if (!state.up) {
        state.refused.push(envelope);
        throw new Error('NATS is not connected');
      }
      state.published.push(envelope);
    },
    subscribe: async () => ({ close: async () => undefined }),
    tail: async () => ({ close: async () => undefined }),
    isConnected: () => state.up,
    status: () => ({ connected: state.up, consumers: [] }),
    onConnected(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    storeIdentity: async () => state.identity,
    close: async () => undefined,
  };
  const reconnect = () => {
    state.up = true;
    listeners.forEach((listener) => listener());
  };
  return { bus, state, reconnect };
}

describe('outbox relay: reconnects and store loss', () => {
  let infra: TestInfra;
  let relay: OutboxRelay;
  const controlled = controlledBus();
  const db = () => infra.database.knex;

  async function addRow(type = 'shop.item.added'): Promise<string> {
    const id = randomUUID();
    await db()('outbox').insert({ id, type, data: JSON.stringify({}), correlation_id: randomUUID(), occurred_at: new Date() });
    return id;
  }

  beforeAll(async () => {
    infra = await createTestInfra('relay');
    await migrate(infra.database, []);
    relay = createOutboxRelay({
      db: db(),
      bus: controlled.bus,
      logger: infra.logger,
      producer: 'shop',
      pollIntervalMs: 100,
      storeCheckIntervalMs: 100,
      // Without the reconnect cutting it short, the back-off would be 20 s.
      retry: { baseMs: 20_000, maxMs: 20_000 },
    });
    relay.start();
  });

  afterAll(async () => {
    await relay.stop();
    await infra.close();
  });

  beforeEach(() => {
    controlled.state.published.length = 0;
  });

  it('when the bus comes back, then waiting events are published within a second, not after the back-off', async () => {
    controlled.state.up = false;
    const id = await addRow();
    // The signal that the relay tried while the bus was down: the bus refused that very event.
    await waitFor(() => controlled.state.refused.some((event) => event.id === id));
    expect(controlled.state.published).toEqual([]);
    const back = Date.now();
    controlled.reconnect();
    await waitFor(() => controlled.state.published.some((event) => event.id === id), { timeoutMs: 1_000 });
    expect(Date.now() - back).toBeLessThan(1_000);
  });

  it('when the event store is replaced (lost and recreated), then the rows of the replay window are published again once', async () => {
    const ids = [await addRow(), await addRow()];
    await waitFor(() => ids.every((id) => controlled.state.published.some((event) => event.id === id)));
    await waitFor(async () => (await db()('bus_store').where({ producer: 'shop', identity: 'store-1' })).length === 1);
    const old = await addRow();
    await db()('outbox').where({ id: old }).update({ occurred_at: new Date(Date.now() - 8 * 24 * 3_600_000) });
    await waitFor(async () => (await db()('outbox').whereNull('sent_at')).length === 0);
    controlled.state.published.length = 0;

    controlled.state.identity = 'store-2';
    await waitFor(() => ids.every((id) => controlled.state.published.some((event) => event.id === id)), { timeoutMs: 3_000 });
    // The replay is over when nothing it marked is left unsent; only then is "not published" a fact.
    await waitFor(async () => (await db()('outbox').whereNull('sent_at')).length === 0);
    const republished = controlled.state.published.map((event) => event.id);
    expect(republished.filter((id) => ids.includes(id))).toHaveLength(2);
    expect(republished).not.toContain(old);
  });

  it('when a replay is asked since a moment, then exactly the rows since then are marked unsent', async () => {
    await waitFor(async () => (await db()('outbox').whereNull('sent_at')).length === 0);
    await relay.stop();
    try {
      const since = new Date();
      const recent = await addRow();
      await db()('outbox').where({ id: recent }).update({ sent_at: new Date() });
      expect(await markForReplay(db(), since)).toBe(1);
      expect((await db()('outbox').whereNull('sent_at')).map((row: { id: string }) => row.id)).toEqual([recent]);
    } finally {
      relay.start();
    }
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { AckPolicy, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeadLetter, EventBus, EventEnvelope } from './event-bus';
import { createLogger } from './logger';
import { createNatsBus, streamNaming } from './nats-bus';
import { deleteNamespaceStreams, waitFor } from './testing';

const natsUrl = process.env.NATS_URL;
const logger = createLogger({ name: 'nats-bus-test', level: 'silent' });

function envelope(type: string, data: Record<string, unknown> = {}): EventEnvelope {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), correlationId: randomUUID(), data };
}

/** Publishes like the outbox relay: retried until the bus takes it. */
async function publishSurely(bus: EventBus, event: EventEnvelope): Promise<void> {
  await waitFor(async () => {
    await bus.publish(event);
    return true;
  });
}

describe('NATS bus without a server', () => {
  it('when NATS cannot be reached at start, then the bus is still created, says disconnected and refuses to publish', async () => {
    const started = Date.now();
    const bus = await createNatsBus({ url: 'nats://127.0.0.1:1', logger, connectRetryMs: 100 });
    try {
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(bus.isConnected()).toBe(false);
      await bus.subscribe({ durable: 'waiting', subjects: ['alpha.thing.happened'], handler: async () => undefined });
      expect(bus.status()).toEqual({
        connected: false,
        consumers: [expect.objectContaining({ durable: 'waiting', consuming: false, lag: null, deadLetters: 0 })],
      });
      await expect(bus.publish(envelope('alpha.thing.happened'))).rejects.toThrow(/not connected/);
    } finally {
      await bus.close();
    }
  });
});

describe.skipIf(!natsUrl)('NATS bus against a server', () => {
  const namespace = `t_${randomBytes(5).toString('hex')}`;
  const naming = streamNaming(namespace);
  const buses: EventBus[] = [];

  async function newBus(options: { maxDeliver?: number } = {}): Promise<EventBus> {
    const bus = await createNatsBus({
      url: natsUrl as string,
      namespace,
      logger,
      retry: { baseMs: 20, maxMs: 100 },
      checkIntervalMs: 200,
      ...options,
    });
    buses.push(bus);
    return bus;
  }

  async function withManager<T>(work: (jsm: Awaited<ReturnType<typeof jetstreamManager>>) => Promise<T>): Promise<T> {
    const nc = await connect({ servers: natsUrl });
    try {
      return await work(await jetstreamManager(nc));
    } finally {
      await nc.close();
    }
  }

  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await deleteNamespaceStreams(natsUrl as string, namespace);
  });

  it('when JetStream refuses or times out while a consumer is being set up, then subscribe still resolves (the service starts) and the consumer reports not consuming', async () => {
    // Three replicas on a single server: every stream and consumer call fails, as they time out on a loaded cluster.
    const bus = await createNatsBus({ url: natsUrl as string, namespace, logger, streamReplicas: 3, checkIntervalMs: 200 });
    buses.push(bus);
    await bus.subscribe({ durable: 'unlucky', subjects: ['epsilon.thing.happened'], handler: async () => undefined });
    expect(bus.status().consumers).toEqual([expect.objectContaining({ durable: 'unlucky', consuming: false })]);
  });

  it('when JetStream refuses or times out while a live tail is opened, then tail still resolves (the gateway starts)', async () => {
    const bus = await createNatsBus({ url: natsUrl as string, namespace, logger, streamReplicas: 3, checkIntervalMs: 200 });
    buses.push(bus);
    const tail = await bus.tail({ subjects: ['zeta.thing.happened'], handler: async () => undefined });
    await tail.close();
  });

  it('when the bus has a stream max age, then its streams drop events older than that (and are created with one copy by default)', async () => {
    const thirtyDaysMs = 30 * 86_400_000;
    const bus = await createNatsBus({ url: natsUrl as string, namespace: `${namespace}_age`, logger, streamMaxAgeMs: thirtyDaysMs });
    buses.push(bus);
    await bus.subscribe({ durable: 'aged', subjects: ['delta.thing.happened'], handler: async () => undefined });
    const stream = streamNaming(`${namespace}_age`).stream('delta');
    const info = await waitFor(async () => withManager((jsm) => jsm.streams.info(stream)).catch(() => null));
    expect(info!.config.max_age).toBe(thirtyDaysMs * 1_000_000);
    expect(info!.config.num_replicas).toBe(1);
    await withManager((jsm) => jsm.streams.delete(stream));
  });

  it('when the stream and its consumer are lost (store wiped), then both are recreated and events flow again', async () => {
    const bus = await newBus();
    const seen: string[] = [];
    await bus.subscribe({ durable: 'survivor', subjects: ['gamma.thing.happened'], handler: async (event) => void seen.push(event.id) });
    const before = envelope('gamma.thing.happened');
    await bus.publish(before);
    await waitFor(() => seen.includes(before.id));
    const identity = await bus.storeIdentity?.('gamma');

    await withManager((jsm) => jsm.streams.delete(naming.stream('gamma')));
    await waitFor(async () => withManager(async (jsm) => (await jsm.consumers.info(naming.stream('gamma'), 'survivor')).name === 'survivor'));
    const after = envelope('gamma.thing.happened');
    await publishSurely(bus, after);

    await waitFor(() => seen.includes(after.id), { timeoutMs: 5_000 });
    expect(await bus.storeIdentity?.('gamma')).not.toBe(identity);
    expect(bus.status().consumers).toEqual([expect.objectContaining({ durable: 'survivor', consuming: true })]);
  });

  it('when a replica takes an event and dies before acknowledging it, then another replica of the durable gets it after the 10 s ack wait', async () => {
    const dying = await newBus();
    let release: () => void = () => undefined;
    const taken: string[] = [];
    await dying.subscribe({
      durable: 'shared',
      subjects: ['lambda.thing.happened'],
      // Never finishes while the test runs: the process died with the event in hand (no ack, no nak).
      handler: (event) => {
        taken.push(event.id);
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    const event = envelope('lambda.thing.happened');
    await publishSurely(dying, event);
    await waitFor(() => taken.includes(event.id));
    const takenAt = Date.now();

    try {
      const survivor = await newBus();
      const handled: string[] = [];
      await survivor.subscribe({ durable: 'shared', subjects: ['lambda.thing.happened'], handler: async (again) => void handled.push(again.id) });
      await waitFor(() => handled.includes(event.id), { timeoutMs: 15_000, intervalMs: 50 });
      // JetStream's default (and this bus's before) was 30 s.
      expect(Date.now() - takenAt).toBeLessThan(12_000);
    } finally {
      release();
    }
  });

  it('when a durable consumer exists with another ack wait (created by an older version), then the bus sets it to 10 s', async () => {
    const bus = await newBus();
    await publishSurely(bus, envelope('mu.thing.happened'));
    await withManager((jsm) =>
      jsm.consumers.add(naming.stream('mu'), {
        durable_name: 'older',
        ack_policy: AckPolicy.Explicit,
        ack_wait: 30_000 * 1_000_000,
        filter_subject: naming.subject('mu.thing.happened'),
      }),
    );
    await bus.subscribe({ durable: 'older', subjects: ['mu.thing.happened'], handler: async () => undefined });
    await waitFor(async () => (await withManager((jsm) => jsm.consumers.info(naming.stream('mu'), 'older'))).config.ack_wait === 10_000 * 1_000_000);
  });

  it('when a live tail\'s ordered consumer vanishes while the connection stays up (its server died), then the tail is opened again from the next event: none missed, none seen twice', async () => {
    const bus = await newBus();
    const seen: string[] = [];
    const tail = await bus.tail({ subjects: ['theta.thing.happened'], handler: async (event) => void seen.push(event.id) });
    const first = envelope('theta.thing.happened');
    await bus.publish(first);
    await waitFor(() => seen.includes(first.id));

    // The server that hosted the ordered consumer is gone as far as the tail can tell: the consumer no longer exists
    // and no heartbeat comes, while the client's connection (to another server of a cluster) is fine.
    const stream = naming.stream('theta');
    await withManager(async (jsm) => {
      for await (const consumer of jsm.consumers.list(stream)) await jsm.consumers.delete(stream, consumer.name);
    });
    const meanwhile = [envelope('theta.thing.happened'), envelope('theta.thing.happened')];
    for (const event of meanwhile) await bus.publish(event);

    // nats.js alone notices after two missed 15 s heartbeats and then waits for the dead server: here within seconds.
    await waitFor(() => meanwhile.every((event) => seen.includes(event.id)), { timeoutMs: 8_000, intervalMs: 50 });
    const after = envelope('theta.thing.happened');
    await bus.publish(after);
    await waitFor(() => seen.includes(after.id));
    expect(seen).toEqual([first.id, ...meanwhile.map((event) => event.id), after.id]);
    await tail.close();
  });

  it('when a live tail is opened, then it starts at the end of the stream: events from before it are not replayed', async () => {
    const bus = await newBus();
    const old = envelope('iota.thing.happened');
    await publishSurely(bus, old);
    const seen: string[] = [];
    const tail = await bus.tail({ subjects: ['iota.thing.happened'], handler: async (event) => void seen.push(event.id) });
    const live = envelope('iota.thing.happened');
    await bus.publish(live);
    await waitFor(() => seen.includes(live.id));
    expect(seen).toEqual([live.id]);
    await tail.close();
  });

  it('when a handler keeps failing, then after max-deliver the event goes to the dead-letter subject and is counted', async () => {
    const bus = await newBus({ maxDeliver: 3 });
    let attempts = 0;
    await bus.subscribe({
      durable: 'doomed',
      subjects: ['delta.thing.happened'],
      handler: async () => {
        attempts += 1;
        throw new Error('handler broke');
      },
    });
    const event = envelope('delta.thing.happened');
    await bus.publish(event);
    await waitFor(() => bus.status().consumers.find((consumer) => consumer.durable === 'doomed')?.deadLetters === 1, { timeoutMs: 5_000 });
    expect(attempts).toBe(3);

    const letter = await withManager(async (jsm) => {
      const message = await jsm.streams.getMessage(naming.stream('deadletter'), { last_by_subj: naming.subject('deadletter.doomed') });
      return message?.json<DeadLetter>();
    });
    expect(letter).toMatchObject({ durable: 'doomed', event: { id: event.id }, error: 'handler broke', deliveries: 3 });
    // JetStream's own word that no delivery is outstanding: nothing pending, nothing awaiting an ack.
    await waitFor(async () =>
      withManager(async (jsm) => {
        const info = await jsm.consumers.info(naming.stream('delta'), 'doomed');
        return info.num_pending === 0 && info.num_ack_pending === 0;
      }),
    );
    expect(attempts).toBe(3);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from './create-event-bus';
import type { EventBus, EventEnvelope } from './event-bus';
import { createLogger } from './logger';
import { deleteNamespaceStreams, waitFor } from './testing';

const natsUrl = process.env.NATS_URL;
const namespace = `t_${randomBytes(5).toString('hex')}`;
const logger = createLogger({ name: 'event-bus-test', level: 'silent' });

function envelope(type: string, data: Record<string, unknown> = {}): EventEnvelope {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), correlationId: randomUUID(), data };
}

function collector() {
  const seen: EventEnvelope[] = [];
  return { seen, handler: async (event: EventEnvelope) => void seen.push(event) };
}

/**
 * "Nothing more arrived" without sleeping: a durable gets its events in publish order, so once an event published
 * after the ones under test has been handled, any extra delivery of those would already have been seen.
 */
async function publishSentinel(type: string, ...receivers: EventEnvelope[][]): Promise<EventEnvelope> {
  const sentinel = envelope(type, { sentinel: true });
  await bus.publish(sentinel);
  await waitFor(() => receivers.every((seen) => seen.some((event) => event.id === sentinel.id)));
  return sentinel;
}

const without = (seen: EventEnvelope[], sentinel: EventEnvelope) => seen.filter((event) => event.id !== sentinel.id);

let bus: EventBus;

describe(`event bus (${natsUrl ? 'NATS JetStream' : 'in-process'})`, () => {

  beforeAll(async () => {
    bus = await createEventBus({ natsUrl, namespace, logger, retry: { baseMs: 50, maxMs: 500 } });
  });

  afterAll(async () => {
    await bus.close();
    if (natsUrl) await deleteNamespaceStreams(natsUrl, namespace);
  });

  it('when an event is published, then a subscriber gets it later, not on the publisher’s stack', async () => {
    const { seen, handler } = collector();
    await bus.subscribe({ durable: 'async-check', subjects: ['alpha.thing.happened'], handler });
    const event = envelope('alpha.thing.happened', { n: 1 });
    const publishing = bus.publish(event);
    expect(seen).toEqual([]);
    await publishing;
    await waitFor(() => seen.length === 1);
    expect(seen[0]).toEqual(event);
  });

  it('when two subscribers share a durable, then each event is delivered to one of them; another durable gets its own copy', async () => {
    const first = collector();
    const second = collector();
    const other = collector();
    await bus.subscribe({ durable: 'shared', subjects: ['beta.>'], handler: first.handler });
    await bus.subscribe({ durable: 'shared', subjects: ['beta.>'], handler: second.handler });
    await bus.subscribe({ durable: 'other', subjects: ['beta.>'], handler: other.handler });
    const events = [1, 2, 3, 4].map((n) => envelope('beta.thing.happened', { n }));
    for (const event of events) await bus.publish(event);
    await waitFor(() => first.seen.length + second.seen.length === 4 && other.seen.length === 4);
    const sentinel = await publishSentinel('beta.thing.happened', other.seen);
    await waitFor(() => [...first.seen, ...second.seen].some((event) => event.id === sentinel.id));
    const sharedIds = without([...first.seen, ...second.seen], sentinel).map((event) => event.id).sort();
    expect(sharedIds).toEqual(events.map((event) => event.id).sort());
    expect(without(other.seen, sentinel).map((event) => event.id)).toEqual(events.map((event) => event.id));
  });

  it('when a handler fails, then the event is redelivered until it succeeds', async () => {
    let attempts = 0;
    const done: string[] = [];
    await bus.subscribe({
      durable: 'flaky',
      subjects: ['gamma.thing.happened'],
      handler: async (event) => {
        attempts += 1;
        if (attempts < 3) throw new Error('not yet');
        done.push(event.id);
      },
    });
    const event = envelope('gamma.thing.happened');
    await bus.publish(event);
    await waitFor(() => done.length === 1);
    expect(attempts).toBe(3);
    expect(done).toEqual([event.id]);
  });

  it('when the same envelope id is published twice, then it is delivered once', async () => {
    const { seen, handler } = collector();
    await bus.subscribe({ durable: 'dedupe', subjects: ['delta.thing.happened'], handler });
    const event = envelope('delta.thing.happened');
    await bus.publish(event);
    await bus.publish(event);
    const sentinel = await publishSentinel('delta.thing.happened', seen);
    expect(seen.map((delivered) => delivered.id)).toEqual([event.id, sentinel.id]);
  });

  it('when a durable subscribes after events were published, then it still receives them (durable from the start)', async () => {
    const early = envelope('epsilon.thing.happened', { early: true });
    await bus.publish(early);
    const { seen, handler } = collector();
    await bus.subscribe({ durable: 'late', subjects: ['epsilon.thing.happened'], handler });
    await waitFor(() => seen.length === 1);
    expect(seen[0]?.id).toBe(early.id);
  });

  it('when a durable lists subjects of several producers and of one producer, then it gets exactly those', async () => {
    const { seen, handler } = collector();
    await bus.subscribe({
      durable: 'multi',
      subjects: ['zeta.order.created', 'zeta.order.paid', 'eta.user.*'],
      handler,
    });
    const wanted = [envelope('zeta.order.created'), envelope('zeta.order.paid'), envelope('eta.user.joined')];
    const unwanted = [envelope('zeta.order.cancelled'), envelope('eta.account.closed')];
    for (const event of [...unwanted, ...wanted]) await bus.publish(event);
    await waitFor(() => seen.length === 3);
    const sentinel = await publishSentinel('eta.user.left', seen);
    expect(without(seen, sentinel).map((event) => event.type).sort()).toEqual(['eta.user.joined', 'zeta.order.created', 'zeta.order.paid']);
  });

  it('when a subscription is closed and the durable resubscribes, then events published meanwhile arrive', async () => {
    const first = collector();
    const subscription = await bus.subscribe({ durable: 'resume', subjects: ['theta.>'], handler: first.handler });
    await bus.publish(envelope('theta.thing.happened'));
    await waitFor(() => first.seen.length === 1);
    await subscription.close();
    const meanwhile = envelope('theta.thing.happened');
    await bus.publish(meanwhile);
    const second = collector();
    await bus.subscribe({ durable: 'resume', subjects: ['theta.>'], handler: second.handler });
    await waitFor(() => second.seen.length === 1);
    expect(second.seen[0]?.id).toBe(meanwhile.id);
    expect(first.seen).toHaveLength(1);
  });

  it('when two tails follow a subject, then each gets every event published after it started, in order — none before', async () => {
    const before = envelope('iota.thing.happened', { n: 0 });
    await bus.publish(before);
    const first = collector();
    const second = collector();
    const firstTail = await bus.tail({ subjects: ['iota.thing.happened'], handler: first.handler });
    await bus.tail({ subjects: ['iota.thing.happened', 'iota.other.happened'], handler: second.handler });
    const durable = collector();
    await bus.subscribe({ durable: 'iota-work', subjects: ['iota.thing.happened'], handler: durable.handler });
    const events = [1, 2, 3].map((n) => envelope('iota.thing.happened', { n }));
    const other = envelope('iota.other.happened');
    for (const event of [...events, other]) await bus.publish(event);
    await waitFor(() => first.seen.length === 3 && second.seen.length === 4 && durable.seen.length === 4);
    expect(first.seen.map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(second.seen.map((event) => event.id)).toEqual([...events, other].map((event) => event.id));

    await firstTail.close();
    // Tails get their copies in the order they started, so the closed tail's would have come before the second's.
    await bus.publish(envelope('iota.thing.happened', { n: 4 }));
    await waitFor(() => second.seen.length === 5);
    expect(first.seen).toHaveLength(3);
  });

  it('is connected until closed', () => {
    expect(bus.isConnected()).toBe(true);
  });
});

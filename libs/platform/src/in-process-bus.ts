import {
  defaultMaxDeliver,
  type EventBus,
  type EventBusOptions,
  type EventEnvelope,
  type EventHandler,
  type SubscribeOptions,
  type Subscription,
  type TailOptions,
  type ConsumerStatus,
} from './event-bus';
import type { Logger } from './logger';
import { defaultRetryPolicy, retryDelay, type RetryPolicy } from './retry-policy';
import { producerOf, subjectMatches } from './subject';

export interface InProcessBusOptions extends EventBusOptions {
  /** A repeated envelope id within this window is dropped, like JetStream's duplicate window. */
  dedupeWindowMs?: number;
  /** Events kept for durables that subscribe later (JetStream keeps them in the stream). */
  retainedEvents?: number;
}

/** The embedded stand-in for JetStream: async, at-least-once, one delivery per durable, retries with back-off. */
export function createInProcessBus({
  logger,
  retry = defaultRetryPolicy,
  maxDeliver = defaultMaxDeliver,
  dedupeWindowMs = 120_000,
  retainedEvents = 10_000,
}: InProcessBusOptions): EventBus {
  const log = logger.child({ component: 'in-process-bus' });
  const recentIds = new Map<string, number>();
  const retained: EventEnvelope[] = [];
  const durables = new Map<string, DurableQueue>();
  const tails = new Set<TailOptions>();
  let closed = false;

  /** Asynchronous like the durables, in publish order, each tail its own copy. */
  function offerToTails(envelope: EventEnvelope): void {
    for (const tail of tails) {
      if (!tail.subjects.some((pattern) => subjectMatches(pattern, envelope.type))) continue;
      const copy = serialised(envelope);
      setImmediate(() => {
        if (!tails.has(tail)) return;
        Promise.resolve()
          .then(() => tail.handler(copy))
          .catch((error: unknown) => log.warn({ err: error, eventId: envelope.id, type: envelope.type }, 'tail handler failed'));
      });
    }
  }

  function isDuplicate(id: string, now: number): boolean {
    for (const [seenId, seenAt] of recentIds) {
      if (now - seenAt < dedupeWindowMs) break;
      recentIds.delete(seenId);
    }
    if (recentIds.has(id)) return true;
    recentIds.set(id, now);
    return false;
  }

  function retain(envelope: EventEnvelope): void {
    retained.push(envelope);
    if (retained.length > retainedEvents) retained.shift();
  }

  /** Like a new JetStream consumer with deliver policy "all": it starts with what was published before. */
  function createDurable(name: string, subjects: string[]): DurableQueue {
    const queue = new DurableQueue(name, subjects, retry, maxDeliver, log);
    durables.set(name, queue);
    retained.forEach((envelope) => queue.offer(envelope));
    return queue;
  }

  return {
    kind: 'in-process',

    async publish(envelope) {
      if (closed) throw new Error('Event bus is closed');
      producerOf(envelope.type);
      if (isDuplicate(envelope.id, Date.now())) return;
      const stored = serialised(envelope);
      retain(stored);
      for (const durable of durables.values()) durable.offer(stored);
      offerToTails(stored);
    },

    async tail(options: TailOptions): Promise<Subscription> {
      if (closed) throw new Error('Event bus is closed');
      options.subjects.forEach(producerOf);
      const tail = { ...options };
      tails.add(tail);
      return { close: async () => void tails.delete(tail) };
    },

    async subscribe({ durable: name, subjects, handler }: SubscribeOptions): Promise<Subscription> {
      if (closed) throw new Error('Event bus is closed');
      subjects.forEach(producerOf);
      const queue = durables.get(name) ?? createDurable(name, subjects);
      queue.addHandler(handler);
      return { close: async () => queue.removeHandler(handler) };
    },

    isConnected: () => !closed,

    status() {
      return { connected: !closed, consumers: [...durables.values()].map((durable) => durable.status(!closed)) };
    },

    // Connected from the start and never disconnected: nothing to tell.
    onConnected: () => () => undefined,

    async close() {
      closed = true;
      tails.clear();
      await Promise.all([...durables.values()].map((durable) => durable.close()));
    },
  };
}

/** What a subscriber gets is a copy that went through JSON, as it would over the wire. */
function serialised(envelope: EventEnvelope): EventEnvelope {
  return JSON.parse(JSON.stringify(envelope)) as EventEnvelope;
}

interface Delivery {
  envelope: EventEnvelope;
  attempt: number;
}

/** One durable consumer: handles its events one at a time, handing each to one of its subscribers. */
class DurableQueue {
  private readonly pending: Delivery[] = [];
  private readonly handlers: EventHandler[] = [];
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private nextHandler = 0;
  private lastDeliveryAt: Date | undefined;
  private deadLetters = 0;
  private draining: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly name: string,
    private readonly subjects: string[],
    private readonly retry: RetryPolicy,
    private readonly maxDeliver: number,
    private readonly log: Logger,
  ) {}

  status(connected: boolean): ConsumerStatus {
    return {
      durable: this.name,
      source: 'in-process',
      consuming: connected && !this.closed && this.handlers.length > 0,
      lag: this.pending.length,
      lastDeliveryAt: this.lastDeliveryAt?.toISOString() ?? null,
      deadLetters: this.deadLetters,
    };
  }

  offer(envelope: EventEnvelope): void {
    if (!this.subjects.some((pattern) => subjectMatches(pattern, envelope.type))) return;
    this.enqueue({ envelope, attempt: 1 });
  }

  addHandler(handler: EventHandler): void {
    this.handlers.push(handler);
    this.scheduleDrain();
  }

  removeHandler(handler: EventHandler): void {
    const index = this.handlers.indexOf(handler);
    if (index >= 0) this.handlers.splice(index, 1);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.retryTimers.forEach(clearTimeout);
    this.retryTimers.clear();
    await this.draining;
  }

  private enqueue(delivery: Delivery): void {
    if (this.closed) return;
    this.pending.push(delivery);
    this.scheduleDrain();
  }

  /** Always asynchronous: a publisher never runs a handler on its own stack. */
  private scheduleDrain(): void {
    if (this.draining) return;
    this.draining = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.drain())
      .finally(() => {
        this.draining = undefined;
        if (this.canDeliver()) this.scheduleDrain();
      });
  }

  private canDeliver(): boolean {
    return !this.closed && this.pending.length > 0 && this.handlers.length > 0;
  }

  private async drain(): Promise<void> {
    while (this.canDeliver()) {
      const delivery = this.pending.shift() as Delivery;
      const handler = this.handlers[this.nextHandler++ % this.handlers.length];
      this.lastDeliveryAt = new Date();
      try {
        await handler(serialised(delivery.envelope));
      } catch (error) {
        this.scheduleRetry(delivery, error);
      }
    }
  }

  private scheduleRetry(delivery: Delivery, error: unknown): void {
    if (delivery.attempt >= this.maxDeliver) {
      // No dead-letter store in process: the log line is the record.
      this.deadLetters += 1;
      this.log.error(
        { err: error, durable: this.name, eventId: delivery.envelope.id, type: delivery.envelope.type, deliveries: delivery.attempt, event: delivery.envelope },
        'event given up after the last delivery',
      );
      return;
    }
    const delayMs = retryDelay(delivery.attempt, this.retry);
    this.log.warn(
      { err: error, durable: this.name, eventId: delivery.envelope.id, type: delivery.envelope.type, attempt: delivery.attempt, delayMs },
      'event handler failed; redelivering',
    );
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.enqueue({ envelope: delivery.envelope, attempt: delivery.attempt + 1 });
    }, delayMs);
    this.retryTimers.add(timer);
  }
}

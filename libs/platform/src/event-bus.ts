import type { EventEnvelope } from '@fragtbud/contracts';
import type { Logger } from './logger';
import type { RetryPolicy } from './retry-policy';

export type { EventEnvelope };

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /** Durable consumer name: one delivery per durable, shared by every subscriber using it. */
  durable: string;
  /** Subjects (wildcards allowed after the first token), e.g. `['identity.user.*', 'tasks.>']`. */
  subjects: string[];
  /** Throwing means "not handled": the event is redelivered after a back-off. */
  handler: EventHandler;
}

export interface TailOptions {
  /** Subjects (wildcards allowed after the first token). */
  subjects: string[];
  /** Called for each event in publish order; an error is logged and the event is not redelivered. */
  handler: (event: EventEnvelope) => void | Promise<void>;
}

export interface Subscription {
  close(): Promise<void>;
}

/** One durable consumer as /readyz and /metrics show it. */
export interface ConsumerStatus {
  durable: string;
  /** Where its events come from (the JetStream stream, or `in-process`). */
  source: string;
  /** The consumer exists on the server and its delivery loop runs. */
  consuming: boolean;
  /** Events stored but not yet handled (pending + in flight) at the last check; null when unknown. */
  lag: number | null;
  /** When an event was last handed to the handler (ISO), null when none yet. */
  lastDeliveryAt: string | null;
  /** Events given up after the maximum number of deliveries and sent to the dead-letter subject. */
  deadLetters: number;
}

export interface BusStatus {
  connected: boolean;
  consumers: ConsumerStatus[];
}

export interface EventBus {
  readonly kind: 'nats' | 'in-process';
  /** Refused (throws) while the bus is not connected; the outbox relay retries. */
  publish(envelope: EventEnvelope): Promise<void>;
  /** Registers the consumer; it starts consuming now if connected, else as soon as the bus connects. */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /**
   * Every event published from now on goes to this subscriber — each tail sees every event, none is shared, nothing
   * is remembered (NATS: an ordered ephemeral JetStream consumer). For live fan-out to every replica, e.g. the
   * gateway's Server-Sent Events; never for work that must happen once.
   */
  tail(options: TailOptions): Promise<Subscription>;
  /** False while the connection to NATS is down (for /readyz). */
  isConnected(): boolean;
  /** Connection and per-consumer state (for /readyz and /metrics). */
  status(): BusStatus;
  /** Calls `listener` after every (re)connect, once streams and consumers are ensured again; returns an unsubscribe. */
  onConnected(listener: () => void): () => void;
  /**
   * Identifies the store holding a producer's events (JetStream: the stream's creation time), creating the stream
   * if it is missing. A different answer than before means the store was lost: the outbox replays its window.
   * Absent when the bus has no store that can be lost independently of the process.
   */
  storeIdentity?(producer: string): Promise<string>;
  close(): Promise<void>;
}

export interface EventBusOptions {
  logger: Logger;
  /** Prefix for subjects and stream names so parallel test runs do not see each other's events. */
  namespace?: string;
  retry?: RetryPolicy;
  /** Deliveries of one event before it is given up and sent to the dead-letter subject (20 by default). */
  maxDeliver?: number;
}

export const defaultMaxDeliver = 20;

/** Subject a given-up event is published on: `deadletter.<durable>` (inside the bus namespace). */
export const deadLetterProducer = 'deadletter';

export interface DeadLetter {
  durable: string;
  event: EventEnvelope;
  error: string;
  deliveries: number;
  failedAt: string;
}

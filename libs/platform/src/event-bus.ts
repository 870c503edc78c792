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

export interface Subscription {
  close(): Promise<void>;
}

export interface EventBus {
  readonly kind: 'nats' | 'in-process';
  publish(envelope: EventEnvelope): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** False while the connection to NATS is down (for /readyz). */
  isConnected(): boolean;
  close(): Promise<void>;
}

export interface EventBusOptions {
  logger: Logger;
  /** Prefix for subjects and stream names so parallel test runs do not see each other's events. */
  namespace?: string;
  retry?: RetryPolicy;
}

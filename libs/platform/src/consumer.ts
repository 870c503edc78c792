import type { InboxHandler } from './inbox';

export interface ConsumerDefinition<T = unknown> {
  /** Unique within the service; the bus durable is `<service>-<durable>`. */
  durable: string;
  subjects: string[];
  /** Runs inside a transaction that also records the event as handled; use `trx` for every query. */
  handle: InboxHandler<T>;
}

export function consume<T = unknown>(definition: ConsumerDefinition<T>): ConsumerDefinition {
  return definition as ConsumerDefinition;
}

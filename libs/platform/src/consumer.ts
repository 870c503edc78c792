import type { InboxHandler } from './inbox';

export interface ConsumerDefinition<T = unknown> {
  /** Unique within the service; the bus durable is `<service>-<durable>`. */
  durable: string;
  subjects: string[];
  /** Runs inside a transaction that also records the event as handled; use `trx` for every query. */
  handle: InboxHandler<T>;
  /**
   * Whether the writer of an event reads what this consumer makes of it (read-your-writes, docs/DEVELOPING.md):
   * by default a request naming one of its events in `X-Read-After` waits until this consumer has handled it.
   * `false` for a consumer whose work the writer never reads here (matching a new task to carriers' alerts tells
   * the carriers, not its creator): the writer's next requests do not wait for it — nor, while the bus is down and
   * nothing is handled, for the 5 s timeout each.
   */
  writerReads?: boolean;
}

export function consume<T = unknown>(definition: ConsumerDefinition<T>): ConsumerDefinition {
  return definition as ConsumerDefinition;
}

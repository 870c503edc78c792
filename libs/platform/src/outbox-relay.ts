import type { EventEnvelope } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import type { EventBus } from './event-bus';
import type { Logger } from './logger';
import { retryDelay, type RetryPolicy } from './retry-policy';

export interface OutboxRelay {
  start(): void;
  /** Something was committed: look now instead of at the next poll. */
  nudge(): void;
  /** Finishes the batch in progress and stops. */
  stop(): Promise<void>;
}

export interface OutboxRelayOptions {
  db: Knex;
  bus: EventBus;
  logger: Logger;
  batchSize?: number;
  /** Safety net for commits the relay was not told about (other processes, nested transactions). */
  pollIntervalMs?: number;
  /** Back-off while the bus refuses events. */
  retry?: RetryPolicy;
}

interface OutboxRow {
  id: string;
  type: string;
  data: unknown;
  correlation_id: string;
  causation_id: string | null;
  occurred_at: Date;
}

/** Publishes unsent outbox rows in commit order and marks them sent; a failed publish is retried, never skipped. */
export function createOutboxRelay({
  db,
  bus,
  logger,
  batchSize = 100,
  pollIntervalMs = 1_000,
  retry = { baseMs: 100, maxMs: 10_000 },
}: OutboxRelayOptions): OutboxRelay {
  const log = logger.child({ component: 'outbox-relay' });
  let running: Promise<void> | undefined;
  let stopped = false;
  let nudged = false;
  let wake: (() => void) | undefined;

  function sleep(ms: number, { wakeOnNudge }: { wakeOnNudge: boolean }): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = wakeOnNudge ? done : () => stopped && done();
    });
  }

  async function publishBatch(): Promise<number> {
    const rows: OutboxRow[] = await db('outbox').whereNull('sent_at').orderBy('seq').limit(batchSize);
    for (const row of rows) {
      if (stopped) break;
      await bus.publish(toEnvelope(row));
      await db('outbox').where({ id: row.id }).update({ sent_at: db.fn.now() });
    }
    return rows.length;
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      nudged = false;
      try {
        const published = await publishBatch();
        failures = 0;
        if (published === batchSize || nudged) continue;
        await sleep(pollIntervalMs, { wakeOnNudge: true });
      } catch (error) {
        failures += 1;
        const delayMs = retryDelay(failures, retry);
        log.warn({ err: error, attempt: failures, delayMs }, 'publishing outbox events failed; retrying');
        await sleep(delayMs, { wakeOnNudge: false });
      }
    }
  }

  return {
    start() {
      stopped = false;
      running ??= run().finally(() => {
        running = undefined;
      });
    },
    nudge() {
      nudged = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      await running;
    },
  };
}

function toEnvelope(row: OutboxRow): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    occurredAt: new Date(row.occurred_at).toISOString(),
    correlationId: row.correlation_id,
    ...(row.causation_id ? { causationId: row.causation_id } : {}),
    data: row.data,
  };
}

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
  /** Back-off while the bus refuses events; cut short when the bus (re)connects. */
  retry?: RetryPolicy;
  /** The producer whose store is watched for loss (the service name); no watching when absent. */
  producer?: string;
  /** Sent rows are kept this long for replays (7 days by default), then deleted. */
  replayWindowMs?: number;
  /** How often the event store is checked for loss. */
  storeCheckIntervalMs?: number;
}

export const defaultReplayWindowMs = 7 * 24 * 60 * 60 * 1_000;
const pruneIntervalMs = 60 * 60 * 1_000;

interface OutboxRow {
  id: string;
  type: string;
  data: unknown;
  correlation_id: string;
  causation_id: string | null;
  occurred_at: Date;
  seq: string | number;
}

/** Publishes unsent outbox rows in commit order and marks them sent; a failed publish is retried, never skipped. */
export function createOutboxRelay({
  db,
  bus,
  logger,
  batchSize = 100,
  pollIntervalMs = 1_000,
  retry = { baseMs: 100, maxMs: 10_000 },
  producer,
  replayWindowMs = defaultReplayWindowMs,
  storeCheckIntervalMs = 2_000,
}: OutboxRelayOptions): OutboxRelay {
  const log = logger.child({ component: 'outbox-relay' });
  let running: Promise<void> | undefined;
  let stopped = false;
  let nudged = false;
  let reconnected = false;
  let wake: (() => void) | undefined;
  let storeCheckedAt = 0;
  let prunedAt = 0;
  let unlisten: (() => void) | undefined;

  function sleep(ms: number, { wakeOnNudge }: { wakeOnNudge: boolean }): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = wakeOnNudge ? done : () => (stopped || reconnected) && done();
    });
  }

  /** A store that is not the one last published to lost what it held: the replay window goes out again. */
  async function checkStore(): Promise<void> {
    if (!producer || !bus.storeIdentity || !bus.isConnected() || Date.now() - storeCheckedAt < storeCheckIntervalMs) return;
    const identity = await bus.storeIdentity(producer);
    storeCheckedAt = Date.now();
    const known = (await db('bus_store').where({ producer }).first()) as { identity: string } | undefined;
    if (known?.identity === identity) return;
    await db.transaction(async (trx) => {
      const replayed = known ? await markForReplay(trx, new Date(Date.now() - replayWindowMs)) : 0;
      await trx('bus_store')
        .insert({ producer, identity, seen_at: trx.fn.now() })
        .onConflict('producer')
        .merge();
      if (known) log.warn({ producer, replayed }, 'the event store was lost and recreated; replaying the outbox window');
    });
  }

  async function prune(): Promise<void> {
    if (Date.now() - prunedAt < pruneIntervalMs) return;
    prunedAt = Date.now();
    const deleted = await db('outbox')
      .whereNotNull('sent_at')
      .where('occurred_at', '<', new Date(Date.now() - replayWindowMs))
      .delete();
    if (deleted > 0) log.info({ deleted }, 'pruned outbox rows older than the replay window');
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
      reconnected = false;
      try {
        await checkStore();
        await prune();
        const published = await publishBatch();
        failures = 0;
        if (published === batchSize || nudged) continue;
        await sleep(pollIntervalMs, { wakeOnNudge: true });
      } catch (error) {
        failures += 1;
        const delayMs = retryDelay(failures, retry);
        log.warn({ err: error, attempt: failures, delayMs }, 'publishing outbox events failed; retrying');
        await sleep(delayMs, { wakeOnNudge: false });
        if (reconnected) failures = 0;
      }
    }
  }

  return {
    start() {
      stopped = false;
      unlisten ??= bus.onConnected(() => {
        // Publish what waited at once (within a second of the reconnect), and look at the store again.
        reconnected = true;
        storeCheckedAt = 0;
        nudged = true;
        wake?.();
      });
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
      unlisten?.();
      unlisten = undefined;
      wake?.();
      await running;
    },
  };
}

/** Marks the rows that occurred since `since` unsent, so the relay publishes them again (in commit order). */
export async function markForReplay(db: Knex, since: Date): Promise<number> {
  return db('outbox').where('occurred_at', '>=', since).whereNotNull('sent_at').update({ sent_at: null });
}

function toEnvelope(row: OutboxRow): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    occurredAt: new Date(row.occurred_at).toISOString(),
    correlationId: row.correlation_id,
    ...(row.causation_id ? { causationId: row.causation_id } : {}),
    version: Number(row.seq),
    data: row.data,
  };
}

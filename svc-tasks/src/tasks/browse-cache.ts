import { createHash } from 'node:crypto';
import type { ConsumerDefinition, Outbox } from '@fragtbud/platform';
import type { Knex } from 'knex';

export interface CachedPage {
  /** The JSON answer as sent. */
  body: string;
  /** A weak validator of exactly that body. */
  etag: string;
}

/**
 * The public first pages of browse (anonymous callers, page 1 of any filter), kept for `ttlMs`. Everything in this
 * service that changes a task writes an event through the outbox or handles one in a consumer: both clear the
 * cache, again once their transaction has ended, so a reader never keeps a page from before a committed change.
 * Another replica's changes reach this one's cache after at most `ttlMs`.
 */
export interface BrowseCache {
  /** The page kept under `key`, or `produce`'s answer (kept from now on). */
  remember(key: string, produce: () => Promise<unknown>): Promise<CachedPage>;
  clear(): void;
  /** The service's outbox, clearing the cache on every event it records. */
  invalidating(outbox: Outbox): Outbox;
  /** The service's consumers, clearing the cache after every event they handle. */
  invalidatingConsumers(consumers: ConsumerDefinition[]): ConsumerDefinition[];
}

/** An answer as JSON text with a weak validator of exactly that text. */
export function pageOf(answer: unknown): CachedPage {
  const body = JSON.stringify(answer);
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

export function createBrowseCache({ ttlMs, maxEntries = 200, now = Date.now }: { ttlMs: number; maxEntries?: number; now?: () => number }): BrowseCache {
  const entries = new Map<string, CachedPage & { expiresAt: number }>();
  const clear = () => entries.clear();
  const clearAfter = (trx: Knex | Knex.Transaction) => {
    clear();
    const ended = (trx as Knex.Transaction).executionPromise;
    if (ended) void ended.then(clear, clear);
  };
  return {
    async remember(key, produce) {
      const kept = entries.get(key);
      if (kept && kept.expiresAt > now()) return kept;
      const page = pageOf(await produce());
      if (ttlMs > 0) {
        entries.delete(key);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, { ...page, expiresAt: now() + ttlMs });
      }
      return page;
    },
    clear,
    invalidating(outbox) {
      return {
        add(trx, type, data, meta) {
          clearAfter(trx);
          return outbox.add(trx, type, data, meta);
        },
        addAll(trx, entries) {
          clearAfter(trx);
          return outbox.addAll(trx, entries);
        },
      };
    },
    invalidatingConsumers(consumers) {
      return consumers.map((consumer) => ({
        ...consumer,
        handle: async (event, trx) => {
          clearAfter(trx);
          await consumer.handle(event, trx);
        },
      }));
    },
  };
}

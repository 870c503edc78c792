import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import type { Logger } from './logger';
import { subjectMatches } from './subject';

/**
 * Read-your-writes across services (docs/DEVELOPING.md, "Read your own writes"). A service answers a write with the
 * events it recorded in its outbox (`X-Written-Events`); the gateway keeps them for the writer a short while and sends
 * them with the writer's next requests (`X-Read-After`); a service that consumes one of those events handles the
 * request only once the event is in its inbox (or after `readAfterTimeoutMs`), and hands the header on to the
 * services it calls for that request. Nothing polls: the wait ends when the consumer records the event.
 */
export const writtenEventsHeader = 'x-written-events';
export const readAfterHeader = 'x-read-after';
/** How long a request waits for the events it must see before it is handled as things stand (and logged). */
export const readAfterTimeoutMs = 5_000;
/** At most this many events travel in one header; the newest are kept. */
export const maxEventRefs = 32;

export interface EventRef {
  type: string;
  id: string;
}

const eventTypePattern = /^[a-z][a-z0-9_]*\.[a-z0-9_]+\.[a-z0-9_]+$/;
const eventIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function formatEventRefs(refs: readonly EventRef[]): string {
  return refs
    .slice(-maxEventRefs)
    .map((ref) => `${ref.type}@${ref.id}`)
    .join(',');
}

/** What a header names, well-formed entries only (anything else is ignored: the header is a hint, never input). */
export function parseEventRefs(value: string | undefined | null): EventRef[] {
  if (!value) return [];
  const refs: EventRef[] = [];
  for (const part of value.split(',').slice(-maxEventRefs)) {
    const [type, id, extra] = part.trim().split('@');
    if (extra === undefined && type && id && eventTypePattern.test(type) && eventIdPattern.test(id)) refs.push({ type, id });
  }
  return refs;
}

interface RequestWrites {
  /** The header this request came with: handed on to the services it calls. */
  readAfter: string | undefined;
  /** Events its transactions committed. */
  written: EventRef[];
  open: boolean;
}

const currentRequest = new AsyncLocalStorage<RequestWrites>();

/** The outbox's note of events just committed: they belong to the request being handled, if any. */
export function noteCommittedEvents(refs: readonly EventRef[]): void {
  const request = currentRequest.getStore();
  if (request?.open) request.written.push(...refs);
}

/** The `X-Read-After` of the request being handled, for calls to other services made on its behalf. */
export function readAfterOfCurrentRequest(): string | undefined {
  return currentRequest.getStore()?.readAfter;
}

/** Runs `work` outside any request (background loops started from a request must not carry it along). */
export function outsideRequest<T>(work: () => T): T {
  return currentRequest.exit(work);
}

/** Which inbox (durable) takes which subjects: the service's consumers. */
export interface ConsumerSubjects {
  durable: string;
  subjects: readonly string[];
}

/** The events this service's consumers have recorded, as they record them: what a waiting request waits for. */
export interface HandledEvents {
  noteHandled(durable: string, eventId: string): void;
  /** True once each (durable, event) is in the inbox; false if `timeoutMs` passed first. */
  waitFor(db: Knex, pending: ReadonlyArray<{ durable: string; eventId: string }>, timeoutMs: number): Promise<boolean>;
}

export function createHandledEvents(): HandledEvents {
  const waiters = new Map<string, Set<() => void>>();
  const keyOf = (durable: string, eventId: string) => `${durable}\u0000${eventId}`;
  return {
    noteHandled(durable, eventId) {
      const key = keyOf(durable, eventId);
      const waiting = waiters.get(key);
      if (!waiting) return;
      waiters.delete(key);
      for (const wake of waiting) wake();
    },
    async waitFor(db, pending, timeoutMs) {
      const remaining = new Set(pending.map(({ durable, eventId }) => keyOf(durable, eventId)));
      let settle: (done: boolean) => void = () => undefined;
      const settled = new Promise<boolean>((resolve) => (settle = resolve));
      const registered: Array<[string, () => void]> = [];
      // Listening before looking: an event recorded between the look and the listening is not missed.
      for (const key of remaining) {
        const wake = () => {
          remaining.delete(key);
          if (remaining.size === 0) settle(true);
        };
        registered.push([key, wake]);
        const set = waiters.get(key) ?? new Set();
        set.add(wake);
        waiters.set(key, set);
      }
      const timer = setTimeout(() => settle(false), timeoutMs);
      try {
        const recorded = (await db('inbox')
          .select('durable', 'event_id')
          .whereIn('durable', [...new Set(pending.map((entry) => entry.durable))])
          .whereIn('event_id', [...new Set(pending.map((entry) => entry.eventId))])) as Array<{ durable: string; event_id: string }>;
        for (const row of recorded) remaining.delete(keyOf(row.durable, String(row.event_id)));
        if (remaining.size === 0) return true;
        return await settled;
      } finally {
        clearTimeout(timer);
        for (const [key, wake] of registered) {
          const set = waiters.get(key);
          set?.delete(wake);
          if (set?.size === 0) waiters.delete(key);
        }
      }
    },
  };
}

/**
 * The service side of read-your-writes (after the internal token is checked, so only the gateway or a service sets
 * the header): waits for the named events this service consumes, handles the request with the header at hand for
 * calls to other services, and names the events a successful write committed.
 */
export function readYourWrites(options: {
  db: Knex;
  consumers: readonly ConsumerSubjects[];
  handled: HandledEvents;
  timeoutMs?: number;
}): Middleware {
  const { db, consumers, handled, timeoutMs = readAfterTimeoutMs } = options;
  return async (ctx, next) => {
    const readAfter = ctx.get(readAfterHeader) || undefined;
    const pending = parseEventRefs(readAfter).flatMap((ref) =>
      consumers
        .filter((consumer) => consumer.subjects.some((subject) => subjectMatches(subject, ref.type)))
        .map((consumer) => ({ durable: consumer.durable, eventId: ref.id })),
    );
    if (pending.length > 0 && !(await handled.waitFor(db, pending, timeoutMs))) {
      (ctx.state.log as Logger | undefined)?.warn({ pending }, `events the caller wrote were not handled within ${timeoutMs} ms; answering as things stand`);
    }
    const request: RequestWrites = { readAfter, written: [], open: true };
    try {
      await currentRequest.run(request, next);
    } finally {
      request.open = false;
    }
    if (request.written.length > 0 && ctx.status >= 200 && ctx.status < 300) ctx.set(writtenEventsHeader, formatEventRefs(request.written));
  };
}

import { randomUUID } from 'node:crypto';
import { eventEnvelopeSchema, payloadSchemaFor, type EventEnvelope } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import { noteCommittedEvents, type EventRef } from './read-your-writes';

export interface EventMeta {
  /** The request or event chain this event belongs to; a new one is started when absent. */
  correlationId?: string;
  /** The id of the event (or request) that caused this one. */
  causationId?: string;
}

/** One event for `addAll`. */
export interface OutboxEntry<T extends object = object> {
  type: string;
  data: T;
  meta?: EventMeta;
}

export interface Outbox {
  /** Records an event in the same transaction as the change it describes; the relay publishes it after commit. */
  add<T extends object>(trx: Knex.Transaction | Knex, type: string, data: T, meta?: EventMeta): Promise<EventEnvelope<T>>;
  /** Records several events with one statement, in the order given (they are published in that order). */
  addAll(trx: Knex.Transaction | Knex, entries: OutboxEntry[]): Promise<EventEnvelope[]>;
}

export function createOutbox({ onCommitted }: { onCommitted: () => void }): Outbox {
  const addAll: Outbox['addAll'] = async (trx, entries) => {
    if (entries.length === 0) return [];
    const envelopes = entries.map(({ type, data, meta = {} }): EventEnvelope => ({
      id: randomUUID(),
      type: validType(type),
      occurredAt: new Date().toISOString(),
      correlationId: meta.correlationId ?? randomUUID(),
      ...(meta.causationId ? { causationId: meta.causationId } : {}),
      data: validPayload(type, data) as object,
    }));
    await trx('outbox').insert(
      envelopes.map((envelope) => ({
        id: envelope.id,
        type: envelope.type,
        data: JSON.stringify(envelope.data),
        correlation_id: envelope.correlationId,
        causation_id: envelope.causationId ?? null,
        occurred_at: envelope.occurredAt,
      })),
    );
    const refs: EventRef[] = envelopes.map(({ type, id }) => ({ type, id }));
    afterCommit(trx, () => {
      noteCommittedEvents(refs);
      onCommitted();
    });
    return envelopes;
  };
  return {
    async add(trx, type, data, meta) {
      const [envelope] = await addAll(trx, [{ type, data, meta }]);
      return envelope as EventEnvelope<typeof data>;
    },
    addAll,
  };
}

function afterCommit(trx: Knex.Transaction | Knex, committed: () => void): void {
  if (!('executionPromise' in trx) || !trx.isTransaction) {
    committed();
    return;
  }
  // A rollback rejects the promise: nothing to publish (or to read after) then.
  trx.executionPromise.then(committed, () => undefined);
}

function validType(type: string): string {
  if (!eventEnvelopeSchema.shape.type.safeParse(type).success) {
    throw new Error(`Event type "${type}" is not of the form <service>.<entity>.<event>`);
  }
  return type;
}

/** A wrong payload is a bug in the service, not bad client input: a plain Error (500), never a ZodError (400). */
function validPayload(type: string, data: unknown): unknown {
  const schema = payloadSchemaFor(type);
  if (!schema) {
    if (!isPlainObject(data)) throw new Error(`Payload of event ${type} must be a plain object`);
    return data;
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid payload for event ${type}: ${problems}`);
  }
  return result.data;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Meta for an event caused by another one: same correlation, the cause's id as causation. */
export function causedBy(event: Pick<EventEnvelope, 'id' | 'correlationId'>): EventMeta {
  return { correlationId: event.correlationId, causationId: event.id };
}

import type { EventEnvelope } from '@fragtbud/contracts';
import type { Knex } from 'knex';

export type InboxHandler<T = unknown> = (event: EventEnvelope<T>, trx: Knex.Transaction) => Promise<void>;

/**
 * Runs `handle` at most once per (durable, event id): the id is recorded in the same transaction as the
 * handler's changes, so a redelivered event finds it and is skipped. Returns false when it was a repeat.
 */
export async function handleOnce<T>(
  db: Knex,
  durable: string,
  event: EventEnvelope<T>,
  handle: InboxHandler<T>,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const inserted = await trx('inbox')
      .insert({ durable, event_id: event.id })
      .onConflict(['durable', 'event_id'])
      .ignore()
      .returning('event_id');
    if (inserted.length === 0) return false;
    await handle(event, trx);
    return true;
  });
}

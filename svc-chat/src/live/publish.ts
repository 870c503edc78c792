import { eventTypes, type EventPayload, type LiveEventType } from '@fragtbud/contracts';
import type { EventMeta, Outbox } from '@fragtbud/platform';
import type { Knex } from 'knex';

/**
 * Queues one live event for the browsers of `userIds` (GET /api/events through any gateway), in the transaction that
 * made the change — so a browser never hears of something that was rolled back. Nobody to tell: nothing is queued.
 */
export async function publishLive(
  outbox: Outbox,
  trx: Knex.Transaction,
  recipients: ReadonlyArray<number | null | undefined>,
  type: LiveEventType,
  data: Record<string, unknown>,
  meta: EventMeta,
): Promise<void> {
  const userIds = [...new Set(recipients.filter((id): id is number => typeof id === 'number' && id > 0))];
  if (userIds.length === 0) return;
  await outbox.add(trx, eventTypes.liveEvent, { userIds, type, data } satisfies EventPayload<typeof eventTypes.liveEvent>, meta);
}

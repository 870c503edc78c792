import { eventTypes, payloadSchemaFor, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition, type Logger } from '@fragtbud/platform';
import type { Db } from '../context';

/** Durable name; never rename it (a new name starts from the stream's start). */
export const platformLimitDurable = 'platform-bid-limit';

/** The platform's bid limit as svc-ledger last announced it; null before its first settings event. */
export async function findPlatformBidLimit(db: Db): Promise<number | null> {
  const row = (await db('platform_bid_limit').where({ id: 1 }).first('max_bids')) as { max_bids: number } | undefined;
  return row ? Number(row.max_bids) : null;
}

export async function savePlatformBidLimit(db: Db, maxBids: number, now: Date): Promise<void> {
  await db('platform_bid_limit').insert({ id: 1, max_bids: maxBids, updated_at: now }).onConflict('id').merge(['max_bids', 'updated_at']);
}

/**
 * svc-ledger's settings (each event carries them whole) → the platform's bid limit here, so `available=true` applies
 * the limit in force now (svc-bids keeps the same projection for its own rule, `platform_limits`).
 */
export function platformLimitConsumers(context: { logger: Logger }): ConsumerDefinition[] {
  return [
    consume<EventPayload<typeof eventTypes.ledgerSettingsUpdated>>({
      durable: platformLimitDurable,
      subjects: [eventTypes.ledgerSettingsUpdated],
      handle: async (event, trx) => {
        const parsed = payloadSchemaFor(event.type)?.safeParse(event.data);
        if (!parsed?.success) {
          context.logger.warn({ eventId: event.id, type: event.type }, `${event.type} payload not understood; skipped`);
          return;
        }
        await savePlatformBidLimit(trx, event.data.maxBids, new Date());
      },
    }),
  ];
}

import type { Db } from '../context';

/** Records a Stripe event as handled; false when it was handled before (a replay or a redelivery). */
export async function recordStripeEvent(db: Db, event: { id: string; type: string; paymentIntentId: string | null }, now: Date): Promise<boolean> {
  const rows = (await db('stripe_events')
    .insert({ id: event.id, type: event.type, payment_intent_id: event.paymentIntentId, received_at: now })
    .onConflict('id')
    .ignore()
    .returning('id')) as { id: string }[];
  return rows.length > 0;
}

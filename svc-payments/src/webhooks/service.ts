
import { domainError } from '@fragtbud/platform';
import type { EventMeta, PaymentsContext } from '../context';
import { recordProviderState } from '../payments/service';
import { recordStripeRefund } from '../refunds/service';
import { WebhookSignatureError, type StripeWebhookEvent } from '../providers/stripe';
import { recordStripeEvent } from './repo';

/** The PaymentIntent events whose intent we record; others are acknowledged and otherwise ignored. */
const intentEvents = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
  'payment_intent.requires_action',
]);

/** Refund events: the refund counts once Stripe says it succeeded. */
const refundEvents = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated']);

/**
 * A call on POST /payments/webhook: the signature is checked on the exact bytes received, then the event is handled
 * in one transaction with its id recorded — a replayed or redelivered event finds its id and changes nothing.
 */
export async function handleStripeWebhook(
  context: PaymentsContext,
  rawBody: string | undefined,
  signature: string | undefined,
  meta: EventMeta,
): Promise<{ received: true; duplicate: boolean }> {
  const stripe = context.providers.stripe;
  if (!stripe?.webhooksConfigured) throw domainError('webhook_not_configured');
  if (!rawBody || !signature) throw domainError('invalid_signature');
  let event: StripeWebhookEvent;
  try {
    event = stripe.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    context.logger.warn({ err: error.cause ?? error }, 'stripe webhook refused: signature');
    throw domainError('invalid_signature');
  }

  const firstTime = await context.db.transaction(async (trx) => {
    const intent = intentEvents.has(event.type) ? event.intent : null;
    const recorded = await recordStripeEvent(
      trx,
      { id: event.id, type: event.type, paymentIntentId: intent?.id ?? event.refund?.paymentIntentId ?? null },
      context.now(),
    );
    if (!recorded) return false;
    if (event.refund && refundEvents.has(event.type)) {
      const ours = await recordStripeRefund(context, trx, event.refund, { ...meta, causationId: event.id });
      if (!ours) context.logger.warn({ stripeEventId: event.id, refundId: event.refund.id }, 'stripe event for a refund we did not make');
    }
    if (intent) {
      const row = await recordProviderState(context, intent, { ...meta, causationId: event.id }, trx);
      if (!row) context.logger.warn({ stripeEventId: event.id, intentId: intent.id }, 'stripe event for an intent we did not make');
    }
    return true;
  });
  context.logger.info({ stripeEventId: event.id, type: event.type, duplicate: !firstTime }, 'stripe webhook');
  return { received: true, duplicate: !firstTime };
}

import {
  eventPayloadSchemas,
  eventTypes,
  type EventEnvelope,
  type RefundSucceededPayload,
} from '@fragtbud/contracts';
import { causedBy, type EventMeta } from '@fragtbud/platform';
import type { Knex } from 'knex';
import type { PaymentsContext } from '../context';
import { findSucceededPaymentOfTask } from '../payments/repo';
import type { ProviderRefund } from '../providers/provider';
import { lockRefundByProviderId, refundOfPayment, updateRefund, type RefundRow } from './repo';

/**
 * A paid task was cancelled (an approved deletion request or an admin's status change): its payment goes back to
 * the card, once. The refund row and the provider's idempotency key make a redelivered event, or a retry after a
 * failure, ask the provider for the same refund again rather than a second one. The mock refunds at once; Stripe's
 * refund counts when its webhook says it succeeded.
 */
export async function refundCancelledTask(context: PaymentsContext, event: EventEnvelope, trx: Knex.Transaction): Promise<void> {
  const parsed = eventPayloadSchemas[eventTypes.taskStatusChanged].safeParse(event.data);
  if (!parsed.success || parsed.data.to !== 'cancelled') return;
  const payment = await findSucceededPaymentOfTask(trx, parsed.data.taskId);
  if (!payment) return;
  const refund = await refundOfPayment(trx, {
    payment_id: payment.id,
    task_id: payment.task_id,
    customer_id: payment.customer_id,
    amount_ore: payment.amount_ore,
    provider: payment.provider,
    idempotency_key: `fragtbud-refund-payment-${payment.id}`,
  });
  if (refund.status === 'succeeded' || refund.provider_refund_id) return;
  const provider = context.providers.byName(payment.provider);
  if (!provider) {
    // Stripe was switched off after this payment: the refund waits (the event is retried with back-off).
    throw new Error(`provider ${payment.provider} of payment ${payment.id} is not configured; refund waits`);
  }
  const result = await provider.refund(
    {
      paymentIntentId: payment.provider_payment_id,
      amountOre: payment.amount_ore,
      idempotencyKey: refund.idempotency_key,
      metadata: { taskId: String(payment.task_id), paymentId: String(payment.id) },
    },
    trx,
  );
  const updated = await updateRefund(trx, refund.id, { provider_refund_id: result.id });
  context.logger.info({ taskId: payment.task_id, paymentId: payment.id, refundId: refund.id, status: result.status }, 'refund requested');
  if (payment.provider === 'mock') await recordRefundState(context, trx, updated, result, causedBy(event));
}

/** The provider's word on a refund: succeeded → booked once (payments.refund.succeeded); failed → kept with why. */
export async function recordRefundState(
  context: PaymentsContext,
  trx: Knex.Transaction,
  row: RefundRow,
  refund: ProviderRefund,
  meta: EventMeta,
): Promise<void> {
  if (row.status !== 'pending') return;
  if (refund.status === 'succeeded') {
    const now = context.now();
    const updated = await updateRefund(trx, row.id, { status: 'succeeded', succeeded_at: now, last_error: null });
    await context.outbox.add(
      trx,
      eventTypes.refundSucceeded,
      {
        refundId: updated.id,
        paymentId: updated.payment_id,
        taskId: updated.task_id,
        customerId: updated.customer_id,
        amountOre: updated.amount_ore,
        provider: updated.provider,
        providerRefundId: refund.id,
        succeededAt: now.toISOString(),
      } satisfies RefundSucceededPayload,
      meta,
    );
    return;
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    await updateRefund(trx, row.id, { status: 'failed', last_error: `refund ${refund.status}` });
    context.logger.error({ refundId: row.id, taskId: row.task_id, status: refund.status }, 'refund failed at the provider');
  }
}

/** A Stripe webhook about a refund (refund.updated, refund.created, charge.refund.updated). */
export async function recordStripeRefund(context: PaymentsContext, trx: Knex.Transaction, refund: ProviderRefund, meta: EventMeta): Promise<boolean> {
  const row = await lockRefundByProviderId(trx, refund.id);
  if (!row) return false;
  await recordRefundState(context, trx, row, refund, meta);
  return true;
}

import {
  chargeSucceededPayloadSchema,
  chargeVatIncludedDefault,
  vatPartOre,
  eventTypes,
  refundSucceededPayloadSchema,
  type EventEnvelope,
} from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { Knex } from 'knex';
import type { LedgerContext } from '../context';
import { readSettings } from '../settings/repo';
import { transactionOfPayment } from '../transactions/repo';

type Context = Pick<LedgerContext, 'logger'>;

/**
 * payments.refund.succeeded → one `refund` row (once per refund id). A full refund takes the platform's commission
 * of that payment with it; the task is cancelled, so its carrier never earns the payout.
 */
export async function bookRefund(context: Context, event: EventEnvelope, trx: Knex.Transaction): Promise<void> {
  const parsed = refundSucceededPayloadSchema.safeParse(event.data);
  if (!parsed.success) {
    context.logger.error({ eventId: event.id, issues: parsed.error.issues }, 'refund event not understood; not booked');
    return;
  }
  const data = parsed.data;
  const transaction = await transactionOfPayment(trx, data.paymentId);
  const gross = transaction ? Number(transaction.gross_ore) : data.amountOre;
  // A partial refund takes its share of the commission, rounded down (the platform keeps the odd øre).
  const commission = transaction ? Math.floor((Number(transaction.platform_commission_ore) * Math.min(data.amountOre, gross)) / gross) : 0;
  const inserted = await trx('ledger_refunds')
    .insert({
      refund_id: data.refundId,
      payment_id: data.paymentId,
      event_id: event.id,
      task_id: data.taskId,
      customer_id: data.customerId,
      carrier_id: transaction?.carrier_id ?? null,
      amount_ore: data.amountOre,
      commission_ore: commission,
      provider: data.provider,
      provider_refund_id: data.providerRefundId,
      occurred_at: new Date(data.succeededAt),
    })
    .onConflict('refund_id')
    .ignore()
    .returning('id');
  context.logger.info({ eventId: event.id, refundId: data.refundId, booked: inserted.length > 0 }, 'refund booked');
}

/** payments.charge.succeeded → one `charge` row (once per charge id). */
export async function bookCharge(context: Context, event: EventEnvelope, trx: Knex.Transaction): Promise<void> {
  const parsed = chargeSucceededPayloadSchema.safeParse(event.data);
  if (!parsed.success) {
    context.logger.error({ eventId: event.id, issues: parsed.error.issues }, 'charge event not understood; not booked');
    return;
  }
  const data = parsed.data;
  // An extra fee pays for a service: gross incl. VAT unless the admin said otherwise (docs/money.md).
  const vatIncluded = data.vatIncluded ?? chargeVatIncludedDefault;
  const vatOre = vatPartOre(data.amountOre, vatIncluded, Number((await readSettings(trx)).vat_percentage));
  await trx('ledger_charges')
    .insert({
      charge_id: data.chargeId,
      event_id: event.id,
      task_id: data.taskId,
      customer_id: data.customerId,
      amount_ore: data.amountOre,
      vat_included: vatIncluded,
      vat_ore: vatOre,
      reason: data.reason,
      provider: data.provider,
      provider_payment_id: data.providerPaymentId,
      charged_by: data.chargedBy,
      occurred_at: new Date(data.succeededAt),
    })
    .onConflict('charge_id')
    .ignore();
}

export function refundChargeConsumers(context: Context): ConsumerDefinition[] {
  return [
    consume({ durable: 'finance-refunds', subjects: [eventTypes.refundSucceeded], handle: (event, trx) => bookRefund(context, event, trx) }),
    consume({ durable: 'finance-charges', subjects: [eventTypes.chargeSucceeded], handle: (event, trx) => bookCharge(context, event, trx) }),
  ];
}

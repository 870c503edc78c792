import { paymentSucceededPayloadSchema, quote, type EventEnvelope, type PaymentSucceededPayload } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import type { LedgerContext } from '../context';
import { insertTransactionIfAbsent, type NewTransaction } from './repo';

/** A transaction row is booked when its payment has succeeded. */
export const bookedStatus = 'succeeded';

/**
 * The booking of a payment, from the bid's quote snapshot (spec section 3 "Ledger row"), all in øre:
 * gross = what the customer paid; vatOnNet is the VAT on the carrier's net alone and vatOnFees the rest of the VAT,
 * so the two add up to vatTotal exactly; platformCommission = platform fee + small fee + the carrier's fee (ex VAT).
 */
export function bookingOf(event: EventEnvelope<PaymentSucceededPayload>): NewTransaction {
  const { data } = event;
  const { quote: q, vatPercentage, carrierFee, carrierListId } = data.snapshot;
  // The pricing function's own exact arithmetic: the VAT it would charge on the net with no fees at all.
  const vatOnNet = quote({
    netOre: q.netOre,
    settings: { feePercentage: 0, fixedFeeOre: 0, vatPercentage, minFeeOre: 0 },
    carrierFee: { feePercentage: 0, fixedFeeOre: 0 },
  }).vatOre;
  return {
    payment_id: data.paymentId,
    event_id: event.id,
    task_id: data.taskId,
    bid_id: data.bidId,
    customer_id: data.customerId,
    carrier_id: data.carrierId,
    status: bookedStatus,
    currency: data.currency,
    provider: data.provider,
    provider_payment_id: data.providerPaymentId,
    gross_ore: data.amountOre,
    net_ore: q.netOre,
    platform_fee_ex_ore: q.platformFeeOre,
    small_fee_ex_ore: q.smallFeeOre,
    carrier_fee_ore: q.carrierFeeOre,
    platform_commission_ore: q.platformFeeOre + q.smallFeeOre + q.carrierFeeOre,
    vat_total_ore: q.vatOre,
    vat_on_net_ore: vatOnNet,
    vat_on_fees_ore: q.vatOre - vatOnNet,
    carrier_payout_gross_ore: q.payoutGrossOre,
    carrier_payout_net_ore: q.payoutNetOre,
    vat_percentage: vatPercentage,
    carrier_fee_percentage: carrierFee.feePercentage,
    carrier_fixed_fee_ore: carrierFee.fixedFeeOre,
    carrier_list_id: carrierListId,
    occurred_at: new Date(data.succeededAt),
  };
}

/** Why a booking does not add up, or null when it does (the table's check says the same). */
function inconsistency(row: NewTransaction): string | null {
  if (row.gross_ore !== row.net_ore + row.platform_fee_ex_ore + row.small_fee_ex_ore + row.vat_total_ore) return 'gross ≠ net + fees + VAT';
  if (row.carrier_payout_net_ore !== row.net_ore - row.carrier_fee_ore) return 'payout net ≠ net − carrier fee';
  if (row.carrier_payout_gross_ore < row.carrier_payout_net_ore) return 'payout gross < payout net';
  if (row.vat_on_fees_ore < 0) return 'VAT on net > VAT total';
  if (Number.isNaN(row.occurred_at.getTime())) return 'no valid succeededAt';
  return null;
}

/**
 * payments.payment.succeeded → one transaction row. The inbox already skips a redelivered event; the unique
 * payment id also keeps a second event about the same payment from booking it twice.
 */
export async function bookPayment(context: Pick<LedgerContext, 'logger'>, event: EventEnvelope, trx: Knex.Transaction): Promise<void> {
  const parsed = paymentSucceededPayloadSchema.safeParse(event.data);
  if (!parsed.success) {
    // Redelivery would not fix the payload: skip it loudly rather than block the durable.
    context.logger.error({ eventId: event.id, issues: parsed.error.issues }, 'payments.payment.succeeded payload not understood; not booked');
    return;
  }
  const row = bookingOf({ ...event, data: parsed.data });
  const problem = inconsistency(row);
  if (problem) {
    context.logger.error({ eventId: event.id, paymentId: row.payment_id, problem }, 'payment snapshot does not add up; not booked');
    return;
  }
  const booked = await insertTransactionIfAbsent(trx, row);
  const message = booked ? 'payment booked' : 'payment was booked before';
  context.logger.info({ eventId: event.id, paymentId: row.payment_id, taskId: row.task_id, booked }, message);
}

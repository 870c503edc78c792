import {
  addCalendarDays,
  copenhagenTimeToInstant,
  oreToDkk,
  paymentSucceededPayloadSchema,
  quote,
  type AuthUser,
  type EventEnvelope,
  type LedgerPage,
  type LedgerQuery,
  type LedgerTransactionRow,
  type PaymentHistory,
  type PaymentSucceededPayload,
} from '@fragtbud/contracts';
import type { Knex } from 'knex';
import type { LedgerContext } from '../context';
import { insertTransactionIfAbsent, listTransactions, type NewTransaction, type TransactionFilter, type TransactionRow } from './repo';

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

// ---- reading ----

export function toLedgerRow(row: TransactionRow): LedgerTransactionRow {
  return {
    type: 'transaction',
    id: row.id,
    date: row.occurred_at.toISOString(),
    task_id: row.task_id,
    status: row.status,
    gross: oreToDkk(row.gross_ore),
    amount: oreToDkk(row.gross_ore),
    net: oreToDkk(row.net_ore),
    carrier_id: row.carrier_id,
    customer_id: row.customer_id,
    platformCommission: oreToDkk(row.platform_commission_ore),
    carrierPayout: oreToDkk(row.carrier_payout_gross_ore),
    platformFeeEx: oreToDkk(row.platform_fee_ex_ore),
    smallFeeEx: oreToDkk(row.small_fee_ex_ore),
    vatTotal: oreToDkk(row.vat_total_ore),
    vatOnNet: oreToDkk(row.vat_on_net_ore),
    vatOnFees: oreToDkk(row.vat_on_fees_ore),
    carrierPayoutGross: oreToDkk(row.carrier_payout_gross_ore),
    carrierPayoutNet: oreToDkk(row.carrier_payout_net_ore),
    payment_id: row.payment_id,
    bid_id: row.bid_id,
  };
}

/** A day (yyyy-mm-dd) is a Copenhagen calendar day: `from` its start, `to` its end; a timestamp is taken as it is. */
function startOf(value: string): Date {
  return /T/.test(value) ? new Date(value) : copenhagenTimeToInstant(value, '00:00');
}
function endOf(value: string): Date {
  return /T/.test(value) ? new Date(new Date(value).getTime() + 1) : copenhagenTimeToInstant(addCalendarDays(value, 1), '00:00');
}

/** GET /finance/ledger (admin): transaction rows, newest first. */
export async function getLedger(context: LedgerContext, query: LedgerQuery): Promise<LedgerPage> {
  const filter: TransactionFilter = {
    ...(query.from ? { from: startOf(query.from) } : {}),
    ...(query.to ? { before: endOf(query.to) } : {}),
    carrierId: query.carrierId,
    customerId: query.customerId,
    taskId: query.taskId,
    status: query.status,
  };
  const { rows, total } = await listTransactions(context.db, filter, { offset: (query.page - 1) * query.limit, limit: query.limit });
  return { items: rows.map(toLedgerRow), total, page: query.page, limit: query.limit };
}

/** GET /finance/payments/me: the caller's own payments as a customer (spec section 3 "Payment history row"). */
export async function getOwnPayments(
  context: LedgerContext,
  caller: AuthUser,
  page: { page: number; limit: number },
): Promise<PaymentHistory> {
  const { rows, total } = await listTransactions(context.db, { customerId: caller.id }, { offset: (page.page - 1) * page.limit, limit: page.limit });
  return {
    items: rows.map((row) => ({
      id: row.id,
      date: row.occurred_at.toISOString(),
      task_id: row.task_id,
      taskId: row.task_id,
      status: row.status,
      amount: oreToDkk(row.gross_ore),
    })),
    total,
    page: page.page,
    limit: page.limit,
  };
}

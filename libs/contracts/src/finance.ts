import { z } from 'zod';
import { messages } from './messages';
import { decimalPlaces, dkkToOre, idField, numericInput, withoutVatOre } from './pricing';
import { paymentProviderSchema } from './payments';

/*
 * The ledger and the money that moves after a payment (shared/API.md "Pricing, payments, finance", spec sections
 * 3, 4, 5, 7 and 9): payouts, adjustments, refunds, extra charges, the carrier's and the customer's finance views,
 * the platform saldo and the financial overview. Money is whole øre behind the API and DKK at its edge.
 */

export const ledgerRowTypes = ['transaction', 'payout', 'adjustment', 'refund', 'charge'] as const;
export const ledgerRowTypeSchema = z.enum(ledgerRowTypes);
export type LedgerRowType = z.infer<typeof ledgerRowTypeSchema>;

/** Payout: pending until an admin marks it paid (spec section 4); cancelled gives its amount back to pendingNet. */
export const payoutStatuses = ['pending', 'paid', 'cancelled'] as const;
export const payoutStatusSchema = z.enum(payoutStatuses, { error: messages.payoutStatusInvalid });
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;
export const payoutTypes = ['carrier', 'platform'] as const;
export type PayoutType = (typeof payoutTypes)[number];

/** The ledger's label of a payout row (spec section 4). */
export function payoutLabel(status: string): string {
  if (status === 'paid') return 'Udbetalt';
  if (status === 'cancelled') return 'Udbetaling (annulleret)';
  return 'Udbetaling (afventer)';
}

/** The Danish word for a ledger row's status (payment, payout, adjustment, refund, extra charge). */
export const ledgerStatusLabels: Record<string, string> = {
  pending: 'Afventer',
  succeeded: 'Gennemført',
  paid: 'Udbetalt',
  cancelled: 'Annulleret',
  canceled: 'Annulleret',
  failed: 'Mislykkedes',
  applied: 'Anvendt',
  refunded: 'Refunderet',
  /** The carrier's view of a paid task not completed yet: its payout counts once the task is completed. */
  awaiting_completion: 'Afventer afslutning',
};

/** A status as people read it ('succeeded' → 'Gennemført'); one without a Danish word yet is shown as it came. */
export function ledgerStatusLabel(status: string): string {
  return (Object.hasOwn(ledgerStatusLabels, status) ? ledgerStatusLabels[status] : undefined) ?? status;
}

/** The Danish label of each row type. */
export const ledgerRowTypeLabels: Record<LedgerRowType, string> = {
  transaction: 'Betaling',
  payout: 'Udbetaling',
  adjustment: 'Justering',
  refund: 'Refundering',
  charge: 'Ekstra gebyr',
};

/**
 * A carrier's own rows (GET /finance/me) name a task's payment by what it is to them — their earnings, the payout for
 * the task (spec section 1: carriers see payouts) — not the customer's 'Betaling'; their payouts to the bank stay
 * 'Udbetalt' / 'Udbetaling (afventer)'.
 */
export const carrierTransactionLabel = 'Indtjening';

/** The most one money movement may be, in DKK (as for fees). */
export const maxMoneyDkk = 1_000_000;

function amountDkk(message: string, options: { signed: boolean }) {
  return z
    .preprocess(
      numericInput,
      z
        .number({ error: message })
        .refine((value) => Number.isFinite(value), message)
        .refine((value) => (options.signed ? value !== 0 : value > 0), message)
        .refine((value) => Math.abs(value) <= maxMoneyDkk, message)
        .refine((value) => decimalPlaces(value) <= 2, message),
    )
    .transform(dkkToOre);
}

/** A positive amount in DKK → øre ('Ugyldigt beløb' otherwise). */
export const positiveAmountDkkSchema = amountDkk(messages.invalidAmount, { signed: false });
/** An amount in DKK with its sign (not 0) → øre. */
export const signedAmountDkkSchema = amountDkk(messages.invalidAmount, { signed: true });

const reasonField = z
  .string({ error: messages.adjustmentReasonRequired })
  .trim()
  .min(1, messages.adjustmentReasonRequired)
  .max(500, messages.adjustmentReasonTooLong);

const optionalId = (message: string) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), idField(message).optional());

// ---- one ledger row (spec section 3 "Ledger row") ----

const money = z.number();
const moneyOrNull = z.number().nullable();

export const ledgerRowSchema = z.object({
  type: ledgerRowTypeSchema,
  id: z.number().int(),
  date: z.string(),
  task_id: z.number().int().nullable(),
  status: z.string(),
  /** Danish label: 'Betaling', 'Udbetalt', 'Udbetaling (afventer)', 'Justering', 'Refundering', 'Ekstra gebyr'. */
  label: z.string(),
  /**
   * The money moved, DKK; an adjustment keeps its sign (positive = the platform owes the user); a refund is negative
   * (money going back), as are its gross and the platformCommission it takes back.
   */
  amount: money,
  gross: moneyOrNull,
  net: moneyOrNull,
  carrier_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  /** GET /finance/ledger: the carrier's 'Navn (Firma)' and the customer's name (svc-ledger's user directory); null when not known. */
  carrier_name: z.string().nullable().optional(),
  customer_name: z.string().nullable().optional(),
  /** The task by its type and route ('Flytning · Aarhus C → København K'); null while the ledger does not know its type. */
  task_title: z.string().nullable().optional(),
  platformCommission: moneyOrNull,
  carrierPayout: moneyOrNull,
  platformFeeEx: moneyOrNull,
  smallFeeEx: moneyOrNull,
  vatTotal: moneyOrNull,
  vatOnNet: moneyOrNull,
  vatOnFees: moneyOrNull,
  carrierPayoutGross: moneyOrNull,
  carrierPayoutNet: moneyOrNull,
  payoutType: z.enum(payoutTypes).nullable(),
  payoutId: z.number().int().nullable(),
  reason: z.string().nullable(),
  providerRef: z.string().nullable(),
  payment_id: z.number().int().nullable(),
  bid_id: z.number().int().nullable(),
  /** One VAT model (docs/money.md): for every row gross = netExVat + vat, in the row's direction. */
  netExVat: z.number(),
  vat: z.number(),
  /** What the VAT is computed on (vatBaseLabels); `none` = the row carries no VAT. */
  vatBase: z.enum(['customer_price', 'payout', 'amount', 'none']),
  /** The amount was typed or paid incl. VAT (adjustments and extra fees say so when created). */
  vatIncluded: z.boolean(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;
export type VatBase = LedgerRow['vatBase'];

/** The VAT base in Danish, for tables and CSV files. */
export const vatBaseLabels: Record<VatBase, string> = {
  customer_price: 'Kundens pris ex moms (bud + gebyrer)',
  payout: 'Udbetalingen ex moms',
  amount: 'Beløbet ex moms',
  none: 'Ingen moms',
};

/**
 * The VAT part of an amount typed incl. VAT at `vatPercentage` (an adjustment or extra fee with vatIncluded), with its
 * sign: −125,00 at 25 % → −25,00. Without VAT: 0. gross = amount, net = amount − this.
 */
export function vatPartOre(amountOre: number, vatIncluded: boolean, vatPercentage: number): number {
  if (!vatIncluded || amountOre === 0) return 0;
  const sign = amountOre < 0 ? -1 : 1;
  const gross = Math.abs(amountOre);
  return sign * (gross - withoutVatOre(gross, vatPercentage));
}

export const ledgerPageSchema = z.object({
  items: z.array(ledgerRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

const lastOf = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);
const blankToUndefined = (value: unknown) => {
  const last = lastOf(value);
  return typeof last === 'string' && last.trim() === '' ? undefined : last;
};
const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const dateFilter = z.preprocess(
  blankToUndefined,
  z
    .string({ error: messages.invalidDate })
    .trim()
    .refine((value) => (isoDay.test(value) || /T/.test(value)) && !Number.isNaN(new Date(value).getTime()), messages.invalidDate)
    .optional(),
);
const pageField = (message: string, max: number, fallback: number) =>
  z.preprocess(blankToUndefined, idField(message).pipe(z.number().max(max, message)).optional()).transform((value) => value ?? fallback);

const ledgerFilterFields = {
  from: dateFilter,
  to: dateFilter,
  carrierId: z.preprocess(blankToUndefined, idField(messages.invalidCarrierId).optional()),
  customerId: z.preprocess(blankToUndefined, idField(messages.invalidCustomerId).optional()),
  taskId: z.preprocess(blankToUndefined, idField(messages.invalidTaskId).optional()),
  // A row status is a word (succeeded, pending, …): a NUL or other control character would reach the database, and
  // the CSV download had already answered 200 when the database refused it.
  status: z.preprocess(blankToUndefined, z.string().trim().max(40, messages.invalidChoice).regex(/^[\p{L}\p{N}_ -]*$/u, messages.invalidChoice).optional()),
  type: z.preprocess(blankToUndefined, z.enum(ledgerRowTypes, { error: messages.ledgerTypeInvalid }).optional()),
};

/** GET /finance/ledger?from&to&carrierId&taskId&customerId&status&type&page&limit (`to` as a day includes that day). */
export const ledgerQuerySchema = z.object({
  ...ledgerFilterFields,
  page: pageField(messages.invalidPage, 100_000, 1),
  limit: pageField(messages.invalidPageLimit, 100, 20),
});
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;
/** GET /finance/ledger.csv: the same filters, every matching row. */
export const ledgerCsvQuerySchema = z.object(ledgerFilterFields);
export type LedgerFilterQuery = z.output<typeof ledgerCsvQuerySchema>;

// ---- the customer's payments (spec section 3 "Payment history row") ----

export const paymentHistoryRowSchema = z.object({
  id: z.number().int(),
  /** payment = a card payment of a task, refund = money back, charge = an extra fee. */
  type: z.enum(['payment', 'refund', 'charge']),
  date: z.string(),
  task_id: z.number().int().nullable(),
  taskId: z.number().int().nullable(),
  status: z.string(),
  amount: z.number(),
  /** The task by its type and route ('Flytning · Aarhus C → København K'); null while the ledger does not know its type. */
  task_title: z.string().nullable().optional(),
  /** An extra fee: the reason the admin typed (shown in Betalinger); null for payments and refunds. */
  reason: z.string().nullable().optional(),
  /**
   * The one VAT model (docs/money.md), as the customer reads the row (a refund positive, like its amount): gross =
   * netExVat + vat, with what the VAT is computed on (vatBaseLabels). A payment's and refund's base is the customer's
   * price ex VAT; an extra fee's the amount when it includes VAT, else none.
   */
  gross: z.number().optional(),
  netExVat: z.number().optional(),
  vat: z.number().optional(),
  vatBase: z.enum(['customer_price', 'payout', 'amount', 'none']).optional(),
});
export const paymentHistorySchema = z.object({
  items: z.array(paymentHistoryRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PaymentHistory = z.infer<typeof paymentHistorySchema>;
export const paymentHistoryQuerySchema = z.object({
  page: pageField(messages.invalidPage, 100_000, 1),
  limit: pageField(messages.invalidPageLimit, 100, 20),
});

// ---- payouts (spec section 7) ----

/** POST /finance/payouts/carrier {amountGross, taskId, carrierId}; `status` paid by default (one flow), or pending. */
export const carrierPayoutBodySchema = z.object({
  amountGross: positiveAmountDkkSchema,
  carrierId: idField(messages.invalidCarrierId),
  taskId: optionalId(messages.invalidTaskId),
  status: z.enum(['pending', 'paid'], { error: messages.payoutStatusInvalid }).optional(),
  providerRef: z.string().trim().max(200, messages.providerRefTooLong).optional(),
});
export type CarrierPayoutBody = z.output<typeof carrierPayoutBodySchema>;

/** POST /finance/payouts/platform {amountGross, taskId}. */
export const platformPayoutBodySchema = z.object({
  amountGross: positiveAmountDkkSchema,
  taskId: optionalId(messages.invalidTaskId),
  status: z.enum(['pending', 'paid'], { error: messages.payoutStatusInvalid }).optional(),
  providerRef: z.string().trim().max(200, messages.providerRefTooLong).optional(),
});
export type PlatformPayoutBody = z.output<typeof platformPayoutBodySchema>;

/** PUT /finance/payouts/{id}/status {status, providerRef}. */
export const payoutStatusBodySchema = z.object({
  status: payoutStatusSchema,
  providerRef: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.string({ error: messages.providerRefTooLong }).trim().max(200, messages.providerRefTooLong).optional(),
  ),
});
export type PayoutStatusBody = z.output<typeof payoutStatusBodySchema>;

export const payoutSchema = z.object({
  id: z.number().int(),
  type: z.enum(payoutTypes),
  carrier_id: z.number().int().nullable(),
  task_id: z.number().int().nullable(),
  amountGross: z.number(),
  amountNet: z.number(),
  status: payoutStatusSchema,
  label: z.string(),
  providerRef: z.string().nullable(),
  origin: z.enum(['admin', 'request']),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** POST /finance/payout-requests → 201 (a new payout) or 200 (the same request again). */
export const payoutRequestResponseSchema = z.object({ payout: payoutSchema, message: z.string() });

// ---- adjustments ----

/** POST /finance/adjustments {carrierId or customerId, amount (sign allowed), reason, taskId}. */
export const adjustmentBodySchema = z
  .object({
    carrierId: optionalId(messages.invalidCarrierId),
    customerId: optionalId(messages.invalidCustomerId),
    amount: signedAmountDkkSchema,
    reason: reasonField,
    taskId: optionalId(messages.invalidTaskId),
    /** The amount is gross incl. VAT at the platform's vatPercentage; default false (docs/money.md says why). */
    vatIncluded: z.boolean({ error: messages.invalidYesNo }).optional(),
  })
  .refine((body) => (body.carrierId === undefined) !== (body.customerId === undefined), {
    message: messages.adjustmentPartyRequired,
    path: ['carrierId'],
  });
export type AdjustmentBody = z.output<typeof adjustmentBodySchema>;

export const adjustmentSchema = z.object({
  id: z.number().int(),
  party: z.enum(['carrier', 'customer']),
  user_id: z.number().int(),
  carrier_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  task_id: z.number().int().nullable(),
  amount: z.number(),
  reason: z.string(),
  created_at: z.string(),
  /** The amount is gross incl. VAT; net = amount − vat (docs/money.md). */
  vatIncluded: z.boolean(),
  net: z.number(),
  vat: z.number(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

// ---- the carrier's finance (spec section 3 "Carrier finance summary", section 9 CSV) ----

/**
 * A row as the carrier sees it: only the carrier's side of the money (spec section 7, "sees only payout"). Never the
 * customer's gross, the platform's commission or fees, the customer's VAT or the customer's payment.
 * A transaction's status is where its payout stands for the carrier: succeeded (earned: its task is completed),
 * awaiting_completion, refunded or cancelled.
 *
 *   transaction: amount = carrierPayoutGross = payoutNet + payoutVat, net = carrierPayoutNet
 *   payout:      amount = the payout's gross, net = its net (what the balance counts), payoutVat = the difference
 *   adjustment:  amount = net = the adjustment (sign kept); no VAT
 */
export const carrierFinanceRowSchema = z.strictObject({
  type: z.enum(['transaction', 'payout', 'adjustment']),
  id: z.number().int(),
  date: z.string(),
  task_id: z.number().int().nullable(),
  /** The task by its type and route; null while the ledger does not know its type. */
  task_title: z.string().nullable().optional(),
  status: z.string(),
  /** Danish label: 'Betaling', 'Udbetalt', 'Udbetaling (afventer)', 'Justering'. */
  label: z.string(),
  /** What the row is worth to the carrier, gross (DKK): the payout gross, the payout's amount, the adjustment. */
  amount: money,
  /** The same ex VAT: payout net, the payout's net, the adjustment. */
  net: moneyOrNull,
  carrierPayoutGross: moneyOrNull,
  carrierPayoutNet: moneyOrNull,
  /** The VAT in the row (gross − net): on the payout, or an adjustment's VAT (0 without). */
  payoutVat: moneyOrNull,
  payoutId: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** Whether the row moves the carrier's balance: an earned transaction, a payout not cancelled, an adjustment. */
  inBalance: z.boolean(),
});
export type CarrierFinanceRow = z.infer<typeof carrierFinanceRowSchema>;

export const carrierFinanceSchema = z.object({
  /** Earned (completed, not refunded tasks' payout net + adjustments) − paid payouts. */
  balanceNet: z.number(),
  /** Earned − payouts not cancelled: what a payout request may still ask for. */
  pendingNet: z.number(),
  earnedNet: z.number(),
  /** The carrier's transactions, payouts and adjustments, oldest first. */
  rows: z.array(carrierFinanceRowSchema),
});
export type CarrierFinance = z.infer<typeof carrierFinanceSchema>;

/** The columns of the carrier's CSV, in order (spec section 9). */
export const carrierFinanceCsvColumns = [
  'Dato',
  'TaskId',
  'Status',
  'Brutto',
  'Platform ex',
  'Lille ex',
  'Moms (i alt)',
  'Moms (netto)',
  'Moms (gebyrer)',
  'Udb. brutto',
  'Udb. netto',
] as const;

// ---- the customer's ledger (spec section 3 "Customer ledger") ----

export const customerLedgerRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  task_id: z.number().int().nullable(),
  /** applied once the adjustment's task is settled (completed or cancelled) or when it has no task; else pending. */
  status: z.enum(['applied', 'pending']),
  amount: z.number(),
  reason: z.string(),
  /** The task by its type and route, as in the payment history; null without a task or while its type is unknown. */
  task_title: z.string().nullable().optional(),
  /** The VAT model (docs/money.md): amount (gross) = netExVat + vat; base `amount` when the admin chose 'inkl. moms', else `none`. */
  netExVat: z.number().optional(),
  vat: z.number().optional(),
  vatBase: z.enum(['customer_price', 'payout', 'amount', 'none']).optional(),
});
export const customerLedgerSchema = z.object({
  rows: z.array(customerLedgerRowSchema),
  totalApplied: z.number(),
  totalPending: z.number(),
});
export type CustomerLedger = z.infer<typeof customerLedgerSchema>;

// ---- admin: financial overview and platform saldo ----

export const financialOverviewSchema = z.object({
  /** Σ what customers paid (gross) on succeeded payments, minus refunds, plus extra charges. */
  totalRevenueAllTime: z.number(),
  totalTransactionsAllTime: z.number().int(),
  /** The platform's own take (commission ex VAT) all time, after refunds, plus charges. */
  platformCommissionAllTime: z.number(),
  revenueByMonth: z.array(
    z.object({ month: z.string(), revenue: z.number(), platformCommission: z.number(), transactions: z.number().int() }),
  ),
  carriersWithPending: z.array(
    z.object({ carrierId: z.number().int(), carrierName: z.string().nullable().optional(), pendingNet: z.number(), balanceNet: z.number() }),
  ),
});
export type FinancialOverview = z.infer<typeof financialOverviewSchema>;

/**
 * The platform's saldo, ex VAT: its commission from transactions (less refunded commission, plus extra charges),
 * less what it owes users through adjustments (positive adjustments lower it), less its own payouts.
 * total = platformFromTransactions + customerAdjustments + carrierAdjustments − platformPayouts.
 */
export const platformSaldoSchema = z.object({
  total: z.number(),
  platformFromTransactions: z.number(),
  customerAdjustments: z.number(),
  carrierAdjustments: z.number(),
  platformPayouts: z.number(),
});
export type PlatformSaldo = z.infer<typeof platformSaldoSchema>;

// ---- extra charges and Connect (svc-payments) ----

/** POST /admin/charges {taskId, customerId, amount, reason}: every field's error is 'Ugyldige felter' (spec section 5). */
export const chargeBodySchema = z.object({
  taskId: idField(messages.invalidInput),
  customerId: idField(messages.invalidInput),
  amount: amountDkk(messages.invalidInput, { signed: false }),
  reason: z.string({ error: messages.invalidInput }).trim().min(1, messages.invalidInput).max(500, messages.invalidInput),
  /** The amount is gross incl. VAT at the platform's vatPercentage; default true (an extra fee pays for a service). */
  vatIncluded: z.boolean({ error: messages.invalidInput }).optional(),
});
export type ChargeBody = z.output<typeof chargeBodySchema>;

/** The defaults docs/money.md explains: an adjustment carries no VAT unless said; an extra fee includes it. */
export const adjustmentVatIncludedDefault = false;
export const chargeVatIncludedDefault = true;

export const chargeResponseSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  customerId: z.number().int(),
  amount: z.number(),
  reason: z.string(),
  provider: paymentProviderSchema,
  status: z.enum(['succeeded', 'failed']),
  message: z.string(),
});
export type ChargeResponse = z.infer<typeof chargeResponseSchema>;

/** POST /admin/users/{id}/connected-account → {url?, accountId}; POST /finance/payout-link → {url} or {message}. */
export const payoutLinkResponseSchema = z.object({
  url: z.string().optional(),
  accountId: z.string().optional(),
  message: z.string().optional(),
});
export type PayoutLinkResponse = z.infer<typeof payoutLinkResponseSchema>;

// ---- events ----

/** A paid task's payment went back to the card (svc-payments): svc-ledger books a refund row, svc-chat notifies. */
export const refundSucceededPayloadSchema = z.object({
  refundId: z.number().int().positive(),
  paymentId: z.number().int().positive(),
  taskId: z.number().int().positive(),
  customerId: z.number().int().positive(),
  amountOre: z.number().int().positive(),
  provider: paymentProviderSchema,
  providerRefundId: z.string(),
  succeededAt: z.string(),
});
export type RefundSucceededPayload = z.infer<typeof refundSucceededPayloadSchema>;

/** An admin's extra fee was charged to the customer's saved card (svc-payments): svc-ledger books a charge row. */
export const chargeSucceededPayloadSchema = z.object({
  chargeId: z.number().int().positive(),
  taskId: z.number().int().positive(),
  customerId: z.number().int().positive(),
  amountOre: z.number().int().positive(),
  reason: z.string(),
  /** The amount is gross incl. VAT (docs/money.md); absent in events written before VAT was chosen = true. */
  vatIncluded: z.boolean().optional(),
  provider: paymentProviderSchema,
  providerPaymentId: z.string(),
  chargedBy: z.number().int().positive(),
  succeededAt: z.string(),
});
export type ChargeSucceededPayload = z.infer<typeof chargeSucceededPayloadSchema>;

/** A payout changed status (svc-ledger); paid → svc-payments transfers it to a connected account, if the carrier has one. */
export const payoutStatusChangedPayloadSchema = z.object({
  payoutId: z.number().int().positive(),
  type: z.enum(payoutTypes),
  carrierId: z.number().int().positive().nullable(),
  amountGrossOre: z.number().int().positive(),
  amountNetOre: z.number().int().positive(),
  from: payoutStatusSchema.nullable(),
  to: payoutStatusSchema,
  providerRef: z.string().nullable(),
  changedBy: z.number().int().positive().nullable(),
});
export type PayoutStatusChangedPayload = z.infer<typeof payoutStatusChangedPayloadSchema>;

/** An admin's adjustment was booked (svc-ledger): the person it concerns is told (svc-chat, svc-identity). */
export const adjustmentCreatedPayloadSchema = z.object({
  adjustmentId: z.number().int().positive(),
  party: z.enum(['carrier', 'customer']),
  userId: z.number().int().positive(),
  taskId: z.number().int().positive().nullable(),
  /** Signed: positive = the platform owes the user. */
  amountOre: z.number().int(),
  reason: z.string(),
  /** The amount is gross incl. VAT (docs/money.md); absent in events before VAT was chosen = false. */
  vatIncluded: z.boolean().optional(),
  createdBy: z.number().int().positive().nullable(),
});
export type AdjustmentCreatedPayload = z.infer<typeof adjustmentCreatedPayloadSchema>;

/** A paid payout reached the carrier's connected account (svc-payments). */
export const transferCreatedPayloadSchema = z.object({
  payoutId: z.number().int().positive(),
  carrierId: z.number().int().positive(),
  amountOre: z.number().int().positive(),
  accountId: z.string(),
  transferId: z.string(),
});

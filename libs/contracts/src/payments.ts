import { z } from 'zod';
import { messages } from './messages';
import { idField, quoteSchema } from './pricing';

/*
 * Card payments of an accepted bid (shared/API.md "Pricing, payments, finance", spec sections 3, 4, 7 and 8) and
 * the ledger's transaction rows that follow from them. The amount charged is always the accepted bid's quote
 * total, computed on the server from the bid's snapshot; money is whole øre behind the API and DKK at its edge.
 */

export const paymentProviders = ['mock', 'stripe'] as const;
export const paymentProviderSchema = z.enum(paymentProviders);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

/** A payment row's state: created and waiting for the card step, paid, or given up (a new attempt may follow). */
export const paymentStatuses = ['pending', 'succeeded', 'canceled'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Currencies we charge in: Danish kroner only. */
export const paymentCurrency = 'DKK';

/**
 * The mock provider's card numbers (spaces optional). Any other well-formed number is accepted like the success
 * card; the two decline numbers are Stripe's own test numbers for the same outcome.
 */
export const mockCards = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** Stripe refuses amounts of more than eight digits in the smallest unit (999.999,99 DKK). */
export const maxCardAmountOre = 99_999_999;

// ---- POST /payments/intents ----

/** Accepts `task_id` as well; an `amount` from the client is never read (the server computes it). */
export const createPaymentIntentBodySchema = z.preprocess(
  (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
    const body = input as Record<string, unknown>;
    return { taskId: body.taskId ?? body.task_id, currency: body.currency };
  },
  z.object({
    taskId: idField(messages.invalidTaskId),
    currency: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
      z.literal(paymentCurrency, { error: messages.paymentCurrencyUnsupported }).optional(),
    ),
  }),
);
export type CreatePaymentIntentBody = z.output<typeof createPaymentIntentBodySchema>;

/** Spec section 3 "Payment intent response", plus what the card form needs to show and confirm. */
export const paymentIntentResponseSchema = z.object({
  provider: paymentProviderSchema,
  /** For the card form (Stripe Elements, or the mock form); null once the task is paid. */
  clientSecret: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  /** Stripe only: the key the browser's Stripe.js is loaded with. */
  publishableKey: z.string().optional(),
  /** Where Stripe returns the browser after a redirect (`{origin}/payment-success`), when the server knows its origin. */
  returnUrl: z.string().optional(),
  /** What is charged, DKK with two decimals (the accepted bid's total incl. VAT). */
  amount: z.number().nullable(),
  currency: z.literal(paymentCurrency),
  paid: z.boolean(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

// ---- POST /payments/confirm, POST /payments/mock/{id}/complete ----

/** A provider's payment intent id: `pi_…` (Stripe) or `mock_pi_…`. */
export const paymentIntentIdSchema = z
  .string({ error: messages.invalidPaymentIntentId })
  .trim()
  .regex(/^[A-Za-z0-9_]{3,255}$/, messages.invalidPaymentIntentId);

export const confirmPaymentBodySchema = z.preprocess(
  (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
    const body = input as Record<string, unknown>;
    return { paymentIntentId: body.paymentIntentId ?? body.payment_intent_id };
  },
  z.object({ paymentIntentId: paymentIntentIdSchema }),
);
export type ConfirmPaymentBody = z.output<typeof confirmPaymentBodySchema>;

export const paymentStateResponseSchema = z.object({
  paymentIntentId: z.string(),
  status: paymentStatusSchema,
  /** The provider's own status (Stripe's `requires_payment_method`, `processing`, `succeeded` …). */
  providerStatus: z.string(),
  paid: z.boolean(),
});
export type PaymentStateResponse = z.infer<typeof paymentStateResponseSchema>;

/** The mock card step: a card number (the success card when absent). */
export const mockCompleteBodySchema = z.object({
  card: z
    .string({ error: messages.cardNumberInvalid })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, messages.cardNumberInvalid))
    .optional(),
});
export type MockCompleteBody = z.output<typeof mockCompleteBodySchema>;

// ---- payments.payment.succeeded ----

/** What a payment was for, as the bid's snapshot had it when the intent was created (øre). */
export const paymentSnapshotSchema = z.object({
  quote: quoteSchema,
  vatPercentage: z.number(),
  carrierFee: z.object({ feePercentage: z.number(), fixedFeeOre: z.number().int() }),
  carrierListId: z.number().int().positive().nullable(),
});
export type PaymentSnapshot = z.infer<typeof paymentSnapshotSchema>;

/** A task's accepted bid was paid; `amountOre` = `snapshot.quote.totalOre`. */
export const paymentSucceededPayloadSchema = z.object({
  paymentId: z.number().int().positive(),
  taskId: z.number().int().positive(),
  bidId: z.number().int().positive(),
  customerId: z.number().int().positive(),
  carrierId: z.number().int().positive(),
  amountOre: z.number().int().positive(),
  currency: z.literal(paymentCurrency),
  provider: paymentProviderSchema,
  providerPaymentId: z.string(),
  snapshot: paymentSnapshotSchema,
  succeededAt: z.string(),
});
export type PaymentSucceededPayload = z.infer<typeof paymentSucceededPayloadSchema>;

// ---- the ledger's transaction rows (spec section 3 "Ledger row", "Payment history row") ----

/** GET /finance/ledger: one row per payment booked; amounts DKK with two decimals. */
export const ledgerTransactionRowSchema = z.object({
  type: z.literal('transaction'),
  id: z.number().int(),
  date: z.string(),
  task_id: z.number().int(),
  status: z.string(),
  /** What the customer paid, incl. VAT (= amount). */
  gross: z.number(),
  amount: z.number(),
  /** The carrier's price ex VAT. */
  net: z.number(),
  carrier_id: z.number().int(),
  customer_id: z.number().int(),
  /** The platform's take ex VAT: platform fee + small fee + the carrier's fee. */
  platformCommission: z.number(),
  /** What the carrier is owed, incl. VAT (= carrierPayoutGross). */
  carrierPayout: z.number(),
  platformFeeEx: z.number(),
  smallFeeEx: z.number(),
  vatTotal: z.number(),
  vatOnNet: z.number(),
  vatOnFees: z.number(),
  carrierPayoutGross: z.number(),
  carrierPayoutNet: z.number(),
  payment_id: z.number().int(),
  bid_id: z.number().int(),
});
export type LedgerTransactionRow = z.infer<typeof ledgerTransactionRowSchema>;

export const ledgerPageSchema = z.object({
  items: z.array(ledgerTransactionRowSchema),
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

/** GET /finance/ledger?from&to&carrierId&taskId&customerId&status&page&limit (`to` as a day includes that day). */
export const ledgerQuerySchema = z.object({
  from: dateFilter,
  to: dateFilter,
  carrierId: z.preprocess(blankToUndefined, idField(messages.invalidCarrierId).optional()),
  customerId: z.preprocess(blankToUndefined, idField(messages.invalidCustomerId).optional()),
  taskId: z.preprocess(blankToUndefined, idField(messages.invalidTaskId).optional()),
  status: z.preprocess(blankToUndefined, z.string().trim().max(40, messages.invalidChoice).optional()),
  page: pageField(messages.invalidPage, 100_000, 1),
  limit: pageField(messages.invalidPageLimit, 100, 20),
});
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;

/** GET /finance/payments/me: the customer's own payments (spec section 3 "Payment history row"). */
export const paymentHistoryRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  task_id: z.number().int(),
  taskId: z.number().int(),
  status: z.string(),
  amount: z.number(),
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

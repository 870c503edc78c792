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
 * The mock provider's card numbers (spaces optional). Any other well-formed number that passes the Luhn check is
 * accepted like the success card; the two decline numbers are Stripe's own test numbers for the same outcome.
 */
export const mockCards = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** A card number (digits only, 12–19 of them) whose last digit is the right Luhn check digit, as real cards have. */
export function isValidCardNumber(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card's CVC: three or four digits. */
export const isValidCardCvc = (cvc: string): boolean => /^\d{3,4}$/.test(cvc.trim());

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
  /** The task the payment is for (the /payment-success page polls it and links to it). */
  taskId: z.number().int(),
});
export type PaymentStateResponse = z.infer<typeof paymentStateResponseSchema>;

/** The mock card step: a card number (the success card when absent). */
export const mockCompleteBodySchema = z.object({
  card: z
    .string({ error: messages.cardNumberInvalid })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().refine(isValidCardNumber, messages.cardNumberInvalid))
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

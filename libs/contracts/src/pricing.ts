import { z } from 'zod';
import { parseDanishNumber } from './danish-number';
import { messages } from './messages';
import { defaultCarrierFee, limits } from './constants';
import type { Role } from './roles';

/*
 * The one pricing function (shared/API.md "Pricing"), in integer øre, and what each role may see of its result.
 *
 *   platformFee       = max(N·p/100, m)            smallFee = f
 *   subtotalBeforeVat = N + platformFee + smallFee  vat      = subtotalBeforeVat·v/100
 *   total             = subtotalBeforeVat + vat     (what the customer pays)
 *   carrierFee        = N·c/100 + cf                (no carrier list: c = 10, cf = 0), at most N
 *   payoutNet         = N − carrierFee              payoutGross = payoutNet·(1 + v/100)
 *
 * Every named step is rounded half-up to whole øre. Percentages are read as the decimal they are written as
 * (12.5 → 125/1000) and all arithmetic is exact (BigInt rationals), so there is no floating-point drift.
 *
 * A fixed carrier fee larger than the net price would make the payout negative; the carrier fee is capped at the
 * net instead (payoutNet = 0), so `carrierFee + payoutNet = net` and `0 ≤ payoutNet ≤ net` always hold.
 */

/** Bounds of the pricing inputs; they keep every result a safe integer. */
export const pricingLimits = {
  /** 100 million DKK. */
  maxNetOre: 10_000_000_000,
  /** 1 million DKK, for fixed and minimum fees. */
  maxFeeOre: 100_000_000,
  maxPercentage: 100,
  percentageDecimals: 2,
  moneyDecimals: 2,
  maxBidsMax: 1000,
} as const;

/** How long a quote (and a bid's price) holds, in days. */
export const quoteValidDays = limits.defaultBidValidityDays;

export interface PricingSettings {
  feePercentage: number;
  fixedFeeOre: number;
  vatPercentage: number;
  minFeeOre: number;
}

export interface CarrierFee {
  feePercentage: number;
  fixedFeeOre: number;
}

export interface QuoteInput {
  netOre: number;
  settings: PricingSettings;
  /** The carrier's list fee; null = no list (10 %, no fixed fee). */
  carrierFee: CarrierFee | null;
}

/** Every amount in øre; fees are ex VAT. */
export interface Quote {
  netOre: number;
  platformFeeOre: number;
  smallFeeOre: number;
  subtotalBeforeVatOre: number;
  vatOre: number;
  totalOre: number;
  carrierFeeOre: number;
  payoutNetOre: number;
  payoutGrossOre: number;
}

// ---- exact decimal arithmetic ----

interface Decimal {
  /** The value is digits / 10^scale. */
  digits: bigint;
  scale: number;
  negative: boolean;
}

const decimalText = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** The decimal a finite number is written as (its shortest round-trip text), exactly. */
function decimalOf(value: number): Decimal {
  const match = decimalText.exec(String(value));
  if (!match) throw new RangeError(`not a finite number: ${value}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let digits = BigInt(`${whole}${fraction}`);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale, negative: sign === '-' && digits !== 0n };
}

/** How many decimals a number is written with (12.5 → 1, 3 → 0, 1e-7 → 7). */
export function decimalPlaces(value: number): number {
  return decimalOf(value).scale;
}

/** numerator / denominator rounded half-up (half away from zero for negative values), both as BigInt. */
function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/** amount · percentage / 100, rounded half-up to a whole øre. */
function percentOf(amountOre: bigint, percentage: Decimal): bigint {
  return roundHalfUp(amountOre * percentage.digits, 100n * 10n ** BigInt(percentage.scale));
}

function requireOre(name: string, value: number, max: number): bigint {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be a whole number of øre between 0 and ${max}, got ${value}`);
  }
  return BigInt(value);
}

function requirePercentage(name: string, value: number): Decimal {
  if (!Number.isFinite(value) || value < 0 || value > pricingLimits.maxPercentage) {
    throw new RangeError(`${name} must be a percentage between 0 and ${pricingLimits.maxPercentage}, got ${value}`);
  }
  return decimalOf(value);
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
const minOf = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The price of a job whose carrier asks `netOre`, under the platform's settings and the carrier's list fee.
 * Throws a RangeError for inputs outside `pricingLimits` (a caller's bug: validate at the edge first).
 */
export function quote({ netOre, settings, carrierFee }: QuoteInput): Quote {
  const net = requireOre('netOre', netOre, pricingLimits.maxNetOre);
  const feePercentage = requirePercentage('settings.feePercentage', settings.feePercentage);
  const vatPercentage = requirePercentage('settings.vatPercentage', settings.vatPercentage);
  const smallFee = requireOre('settings.fixedFeeOre', settings.fixedFeeOre, pricingLimits.maxFeeOre);
  const minFee = requireOre('settings.minFeeOre', settings.minFeeOre, pricingLimits.maxFeeOre);
  const fee = carrierFee ?? defaultCarrierFee;
  const carrierPercentage = requirePercentage('carrierFee.feePercentage', fee.feePercentage);
  const carrierFixedFee = requireOre('carrierFee.fixedFeeOre', fee.fixedFeeOre, pricingLimits.maxFeeOre);

  const platformFee = maxOf(percentOf(net, feePercentage), minFee);
  const subtotalBeforeVat = net + platformFee + smallFee;
  const vat = percentOf(subtotalBeforeVat, vatPercentage);
  const carrierFeeOre = minOf(percentOf(net, carrierPercentage) + carrierFixedFee, net);
  const payoutNet = net - carrierFeeOre;
  // payoutNet·(1 + v/100) rounded = payoutNet + payoutNet·v/100 rounded, payoutNet being whole øre.
  const payoutGross = payoutNet + percentOf(payoutNet, vatPercentage);

  return {
    netOre: Number(net),
    platformFeeOre: Number(platformFee),
    smallFeeOre: Number(smallFee),
    subtotalBeforeVatOre: Number(subtotalBeforeVat),
    vatOre: Number(vat),
    totalOre: Number(subtotalBeforeVat + vat),
    carrierFeeOre: Number(carrierFeeOre),
    payoutNetOre: Number(payoutNet),
    payoutGrossOre: Number(payoutGross),
  };
}

/** A net amount plus VAT at `vatPercentage`, rounded half-up to the øre (as payoutGross is). */
export function withVatOre(netOre: number, vatPercentage: number): number {
  const net = BigInt(netOre);
  return Number(net + percentOf(net, requirePercentage('vatPercentage', vatPercentage)));
}

/** The net inside a gross amount at `vatPercentage`: gross · 100 / (100 + v), rounded half-up to the øre. */
export function withoutVatOre(grossOre: number, vatPercentage: number): number {
  const vat = requirePercentage('vatPercentage', vatPercentage);
  const unit = 10n ** BigInt(vat.scale);
  return Number(roundHalfUp(BigInt(grossOre) * 100n * unit, 100n * unit + vat.digits));
}

// ---- DKK at the API edge ----

/** Øre → DKK as a number with at most two decimals (12345 → 123.45). */
export function oreToDkk(ore: number): number {
  if (!Number.isSafeInteger(ore)) throw new RangeError(`not a whole number of øre: ${ore}`);
  return ore / 100;
}

/** DKK → whole øre, exactly as the amount is written (0.29 → 29); more than two decimals round half-up. */
export function dkkToOre(dkk: number): number {
  const { digits, scale, negative } = decimalOf(dkk);
  const ore = scale <= 2 ? digits * 10n ** BigInt(2 - scale) : roundHalfUp(digits, 10n ** BigInt(scale - 2));
  const result = Number(negative ? -ore : ore);
  if (!Number.isSafeInteger(result)) throw new RangeError(`amount too large: ${dkk}`);
  return result;
}

// ---- what each role sees (cut on the server, never in the browser) ----

/**
 * The customer sees what they pay: the gross total with VAT, the VAT and the small fee (ex VAT). Never the
 * carrier's net, the carrier fee or the payout — and not the platform fee or the subtotal either, since together
 * with the total they would give the carrier's net away (net = subtotal − platformFee − smallFee).
 */
export const customerQuoteSchema = z.strictObject({
  view: z.literal('customer'),
  total: z.number(),
  vat: z.number(),
  smallFee: z.number(),
});
export type CustomerQuote = z.infer<typeof customerQuoteSchema>;

/**
 * The carrier sees their payout and how it comes from their price: net (their own price) − carrierFee =
 * payoutNet; payoutNet + payoutVat = payoutGross. Never what the customer pays or the platform's fees.
 */
export const carrierQuoteSchema = z.strictObject({
  view: z.literal('carrier'),
  net: z.number(),
  carrierFee: z.number(),
  payoutNet: z.number(),
  payoutVat: z.number(),
  payoutGross: z.number(),
});
export type CarrierQuote = z.infer<typeof carrierQuoteSchema>;

/** The admin sees the whole breakdown. */
export const adminQuoteSchema = z.strictObject({
  view: z.literal('admin'),
  net: z.number(),
  platformFee: z.number(),
  smallFee: z.number(),
  subtotalBeforeVat: z.number(),
  vat: z.number(),
  total: z.number(),
  carrierFee: z.number(),
  payoutNet: z.number(),
  payoutVat: z.number(),
  payoutGross: z.number(),
});
export type AdminQuote = z.infer<typeof adminQuoteSchema>;

export const quoteViewSchema = z.discriminatedUnion('view', [customerQuoteSchema, carrierQuoteSchema, adminQuoteSchema]);
export type QuoteView = z.infer<typeof quoteViewSchema>;

export function customerView(q: Quote): CustomerQuote {
  return { view: 'customer', total: oreToDkk(q.totalOre), vat: oreToDkk(q.vatOre), smallFee: oreToDkk(q.smallFeeOre) };
}

export function carrierView(q: Quote): CarrierQuote {
  return {
    view: 'carrier',
    net: oreToDkk(q.netOre),
    carrierFee: oreToDkk(q.carrierFeeOre),
    payoutNet: oreToDkk(q.payoutNetOre),
    payoutVat: oreToDkk(q.payoutGrossOre - q.payoutNetOre),
    payoutGross: oreToDkk(q.payoutGrossOre),
  };
}

export function adminView(q: Quote): AdminQuote {
  return {
    view: 'admin',
    net: oreToDkk(q.netOre),
    platformFee: oreToDkk(q.platformFeeOre),
    smallFee: oreToDkk(q.smallFeeOre),
    subtotalBeforeVat: oreToDkk(q.subtotalBeforeVatOre),
    vat: oreToDkk(q.vatOre),
    total: oreToDkk(q.totalOre),
    carrierFee: oreToDkk(q.carrierFeeOre),
    payoutNet: oreToDkk(q.payoutNetOre),
    payoutVat: oreToDkk(q.payoutGrossOre - q.payoutNetOre),
    payoutGross: oreToDkk(q.payoutGrossOre),
  };
}

/** The view a role is allowed to see. */
export function quoteViewFor(role: Role, q: Quote): QuoteView {
  switch (role) {
    case 'customer':
      return customerView(q);
    case 'carrier':
      return carrierView(q);
    case 'admin':
      return adminView(q);
  }
}

// ---- input fields shared by the pricing and ledger bodies ----

/**
 * Form values arrive as text now and then, read as the forms read them (parseDanishNumber): '12,5' and ' 12.5 ' mean
 * 12.5, '1.500,75' means 1500.75; anything else is left for zod to refuse.
 */
export function numericInput(value: unknown): unknown {
  return typeof value === 'string' ? (parseDanishNumber(value) ?? value) : value;
}

/** A percentage 0–100 with at most two decimals; `message` for anything out of range or not a number. */
export function percentageField(message: string) {
  return z.preprocess(
    numericInput,
    z
      .number({ error: message })
      .min(0, message)
      .max(pricingLimits.maxPercentage, message)
      .refine((value) => decimalPlaces(value) <= pricingLimits.percentageDecimals, messages.percentageDecimals),
  );
}

/** A fee in DKK (≥ 0, two decimals at most, at most 1 million) → whole øre. */
export function feeDkkField(message: string) {
  return z
    .preprocess(
      numericInput,
      z
        .number({ error: message })
        .min(0, message)
        .max(pricingLimits.maxFeeOre / 100, messages.amountTooLarge)
        .refine((value) => decimalPlaces(value) <= pricingLimits.moneyDecimals, messages.amountDecimals),
    )
    .transform(dkkToOre);
}

/** A positive 32-bit id, as a number or numeric text; `message` otherwise. */
export function idField(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message),
  );
}

/**
 * Ids in a query, comma-separated (`1,2,3`) or repeated: at most `max` different ones, each a positive 32-bit id;
 * `message` otherwise, `tooMany` beyond `max`. Duplicates count once.
 */
export function idListField(message: string, max: number, tooMany: string) {
  return z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v),
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{1,10}(,\d{1,10})*$/, message)
      .transform((s) => [...new Set(s.split(',').map(Number))])
      .pipe(z.array(z.number().int().positive(message).max(2_147_483_647, message)).max(max, tooMany)),
  );
}

// ---- POST /pricing/quote ----

/** A net price in DKK: finite, above 0, two decimals at most; else 'Angiv en gyldig pris først.'. */
export const netPriceDkkSchema = z
  .preprocess(
    numericInput,
    z
      .number({ error: messages.invalidPrice })
      .positive(messages.invalidPrice)
      .max(pricingLimits.maxNetOre / 100, messages.invalidPrice)
      .refine((value) => decimalPlaces(value) <= pricingLimits.moneyDecimals, messages.invalidPrice),
  )
  .transform(dkkToOre);

/** Body of POST /pricing/quote; `net` in DKK comes out as `netOre`. */
export const quoteRequestSchema = z
  .object({
    net: netPriceDkkSchema,
    taskId: idField(messages.invalidTaskId).optional(),
    carrierId: idField(messages.invalidUserId).optional(),
  })
  .transform(({ net, ...rest }) => ({ netOre: net, ...rest }));
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/** The carrier list whose fee a quote used (DKK at the API edge). */
export const quoteCarrierListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  feePercentage: z.number(),
  fixedFee: z.number(),
});

export const quoteResponseSchema = z.object({
  quote: quoteViewSchema,
  meta: z.object({
    validDays: z.number().int(),
    /** The carrier's list for a carrier's or admin's quote; null = no list (default fee). Absent for customers. */
    carrierList: quoteCarrierListSchema.nullable().optional(),
  }),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

// ---- POST /internal/quotes (svc-bids → svc-ledger): the full quote in øre, for a bid's snapshot ----

export const internalQuoteRequestSchema = z.object({
  netOre: z
    .number({ error: messages.invalidPrice })
    .int(messages.invalidPrice)
    .positive(messages.invalidPrice)
    .max(pricingLimits.maxNetOre, messages.invalidPrice),
  carrierId: idField(messages.invalidUserId),
});
export type InternalQuoteRequest = z.infer<typeof internalQuoteRequestSchema>;

export const quoteSchema = z.object({
  netOre: z.number().int(),
  platformFeeOre: z.number().int(),
  smallFeeOre: z.number().int(),
  subtotalBeforeVatOre: z.number().int(),
  vatOre: z.number().int(),
  totalOre: z.number().int(),
  carrierFeeOre: z.number().int(),
  payoutNetOre: z.number().int(),
  payoutGrossOre: z.number().int(),
});

export const internalQuoteResponseSchema = z.object({
  quote: quoteSchema,
  /** The carrier's list when the quote was made; null = none (the default fee applied). */
  carrierList: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The carrier fee in force: the list's, or the default 10 % / 0. */
  carrierFee: z.object({ feePercentage: z.number(), fixedFeeOre: z.number().int() }),
  /** The platform settings in force (maxBids is the platform's fallback for the bid limit). */
  settings: z.object({
    feePercentage: z.number(),
    fixedFeeOre: z.number().int(),
    vatPercentage: z.number(),
    minFeeOre: z.number().int(),
    maxBids: z.number().int(),
  }),
  quotedAt: z.string(),
});
export type InternalQuoteResponse = z.infer<typeof internalQuoteResponseSchema>;

// ---- GET /internal/carrier-fees (svc-bids → svc-ledger): every carrier on a list, once, to price bids locally ----

/**
 * Everyone on a carrier list with the list's fee, and the settings in force, read together. A carrier not named is
 * on no list and pays the default fee: with this taken in, svc-bids prices any carrier's bid without asking, and
 * svc-ledger's carrier-list events keep it current.
 */
export const internalCarrierFeesSchema = z.object({
  settings: internalQuoteResponseSchema.shape.settings,
  carriers: z.array(
    z.object({
      carrierId: z.number().int(),
      list: z.object({ id: z.number().int(), name: z.string() }),
      fee: internalQuoteResponseSchema.shape.carrierFee,
    }),
  ),
});
export type InternalCarrierFees = z.infer<typeof internalCarrierFeesSchema>;

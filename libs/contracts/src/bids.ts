import { z } from 'zod';
import { limits } from './constants';
import { messages } from './messages';
import {
  adminQuoteSchema,
  carrierQuoteSchema,
  customerQuoteSchema,
  decimalPlaces,
  dkkToOre,
  idField,
  idListField,
  netPriceDkkSchema,
  numericInput,
  quoteSchema,
} from './pricing';
import { taskStatusSchema, taskTypeSchema } from './task-types';
import { bidStatuses, type BidStatus } from './vocabulary';

/*
 * Bids (shared/API.md "Bids", spec sections 3, 4, 5 and 9). A bid's price is the carrier's net in DKK; behind the
 * API everything is whole øre. What a caller sees of a bid is cut on the server by role: the task owner sees the
 * gross total they would pay, the carrier their payout, an admin the whole breakdown.
 */

export { bidStatusLabels, bidStatuses, type BidStatus } from './vocabulary';
export const bidStatusSchema = z.enum(bidStatuses);

/** Why a bid was rejected: by the task owner or an admin, because another bid was chosen, or the task was reopened. */
/** `carrier_removed`: the carrier's account was deleted or blocked while the bid was pending. */
export const bidRejectionReasons = ['rejected', 'other_bid_accepted', 'task_reopened', 'carrier_removed'] as const;
export type BidRejectionReason = (typeof bidRejectionReasons)[number];

/** Bids that hold a slot of the task's bid limit: a rejected bid frees its slot. */
export const activeBidStatuses = ['pending', 'accepted'] as const satisfies readonly BidStatus[];

/** The longest a bid may be valid for. */
export const maxBidValidityDays = 365;

// ---- max bids in force: the task's own, else its type's, else the platform's, else 5 (spec sections 4 and 9) ----

export type MaxBidsSource = 'task' | 'type' | 'platform' | 'default';

export interface MaxBidsLevels {
  task?: number | null;
  type?: number | null;
  platform?: number | null;
}

const usableLimit = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

export function maxBidsInForce(levels: MaxBidsLevels): { maxBids: number; source: MaxBidsSource } {
  if (usableLimit(levels.task)) return { maxBids: levels.task, source: 'task' };
  if (usableLimit(levels.type)) return { maxBids: levels.type, source: 'type' };
  if (usableLimit(levels.platform)) return { maxBids: levels.platform, source: 'platform' };
  return { maxBids: limits.defaultMaxBids, source: 'default' };
}

// ---- validity: Copenhagen wall-clock time, whatever the server's time zone and across DST ----

export const bidTimeZone = 'Europe/Copenhagen';
export type BidTimeSlot = (typeof limits.bidTimeSlots)[number];
export type BidValidityDays = (typeof limits.bidValidityOptionsDays)[number];

const copenhagenParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: bidTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockAt(instant: number): WallClock {
  const parts: Record<string, number> = {};
  for (const part of copenhagenParts.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const hourMs = 3_600_000;
const offsetsByHour = new Map<number, number>();

/**
 * Copenhagen's offset from UTC at an instant, in ms (+1 h in winter, +2 h in summer). It changes only on a whole UTC
 * hour, so it is worked out once per hour (formatToParts is slow, and placing a bid asks three times).
 */
function offsetAt(instant: number): number {
  const hour = Math.floor(instant / hourMs);
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    const c = wallClockAt(hour * hourMs);
    offset = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - hour * hourMs;
    if (offsetsByHour.size >= 1_000) offsetsByHour.clear();
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

/**
 * The instant a Copenhagen wall-clock time names. Two passes settle the offset on either side of a DST change; a
 * time inside the spring-forward gap (02:00–03:00) comes out an hour later, as clocks show it.
 */
export function copenhagenTimeToInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  const first = naive - offsetAt(naive);
  return new Date(naive - offsetAt(first));
}

/** The Copenhagen calendar date (yyyy-mm-dd) at an instant. */
export function copenhagenDateOf(instant: Date): string {
  return new Date(instant.getTime() + offsetAt(instant.getTime())).toISOString().slice(0, 10);
}

/** A calendar date plus whole days (yyyy-mm-dd in, yyyy-mm-dd out). */
export function addCalendarDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** `days` calendar days after today in Copenhagen, at `time` Copenhagen time (default: 14 days at 20:00). */
export function bidValidUntil(
  now: Date,
  days: number = limits.defaultBidValidityDays,
  time: string = limits.defaultBidTimeSlot,
): Date {
  return copenhagenTimeToInstant(addCalendarDays(copenhagenDateOf(now), days), time);
}

// ---- request bodies ----

const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const localDateTime = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?$/;

function realDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return parsed.toISOString().slice(0, 10) === date && year >= 2000 && year <= 9999;
}

/**
 * When a bid stops being valid: an ISO timestamp with offset (`2026-08-01T18:00:00Z`), or Copenhagen wall-clock
 * time as the validity picker gives it — a date (`2026-08-01`, at 20:00) or a date and a time (`2026-08-01T16:00`).
 * Whether it lies in the future is the service's rule (it knows the time).
 */
export const bidValidUntilSchema = z
  .string({ error: messages.bidValidUntilInvalid })
  .trim()
  .max(40, messages.bidValidUntilInvalid)
  .transform((value, ctx) => {
    const local = localDateTime.exec(value);
    if (local) {
      const [, date, time] = local as unknown as [string, string, string | undefined];
      const hours = time ? Number(time.slice(0, 2)) : 0;
      const minutes = time ? Number(time.slice(3, 5)) : 0;
      if (realDate(date) && hours <= 23 && minutes <= 59) return copenhagenTimeToInstant(date, time ?? limits.defaultBidTimeSlot);
    } else if (isoWithOffset.test(value)) {
      const instant = new Date(value);
      if (!Number.isNaN(instant.getTime()) && realDate(instant.toISOString().slice(0, 10))) return instant;
    }
    ctx.addIssue({ code: 'custom', message: messages.bidValidUntilInvalid });
    return z.NEVER;
  });

const validDaysSchema = z.preprocess(
  numericInput,
  z
    .number({ error: messages.bidValidDaysInvalid })
    .refine((days) => (limits.bidValidityOptionsDays as readonly number[]).includes(days), messages.bidValidDaysInvalid),
);
const validTimeSchema = z.enum(limits.bidTimeSlots, { error: messages.bidTimeSlotInvalid });

/** Either an exact end, or a number of days (1, 2, 3, 7, 14) at a time slot; absent = 14 days at 20:00. */
export type BidValidity = { until: Date } | { days: number; time: string };

/** camelCase alternates accepted in bid bodies → the canonical key. */
const bidKeyAlternates: Record<string, string> = {
  task_id: 'taskId',
  validUntil: 'valid_until',
  validDays: 'valid_days',
  validTime: 'valid_time',
  bidId: 'bid_id',
  carrierId: 'carrier_id',
  expected_total: 'expectedTotal',
};

function normaliseBidKeys(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [alternate, canonical] of Object.entries(bidKeyAlternates)) {
    if (alternate in out) {
      if (out[canonical] === undefined) out[canonical] = out[alternate];
      delete out[alternate];
    }
  }
  // An empty validity field means "the default", as the picker sends it.
  for (const key of ['valid_until', 'valid_days', 'valid_time']) {
    if (out[key] === '' || out[key] === null) delete out[key];
  }
  return out;
}

const validityFields = {
  valid_until: bidValidUntilSchema.optional(),
  valid_days: validDaysSchema.optional(),
  valid_time: validTimeSchema.optional(),
};

function validityOf(fields: { valid_until?: Date; valid_days?: number; valid_time?: string }): BidValidity | undefined {
  if (fields.valid_until) return { until: fields.valid_until };
  if (fields.valid_days === undefined && fields.valid_time === undefined) return undefined;
  return { days: fields.valid_days ?? limits.defaultBidValidityDays, time: fields.valid_time ?? limits.defaultBidTimeSlot };
}

/** The highest net price a bid may ask: 10.000.000 DKK, in øre (a typo's extra zeros are refused, not quoted). */
export const maxBidPriceOre = 1_000_000_000;

/**
 * A bid's price: a net price in DKK ('Angiv en gyldig pris først.') of at most 10.000.000 DKK ('Prisen må højst være
 * 10.000.000 DKK.') → whole øre. The bid form checks the typed price with this very schema.
 */
export const bidPriceDkkSchema = netPriceDkkSchema.pipe(z.number().max(maxBidPriceOre, messages.bidPriceTooHigh));

const requiredPrice = z.preprocess((value) => (value === undefined || value === null || value === '' ? Number.NaN : value), bidPriceDkkSchema);

/** POST /bids: `{taskId, price (net DKK), valid_until?}` → `{taskId, netOre, validity?}`. */
export const placeBidBodySchema = z.preprocess(
  normaliseBidKeys,
  z
    .object({ taskId: idField(messages.invalidTaskId), price: requiredPrice, ...validityFields })
    .transform(({ taskId, price, ...validity }) => ({ taskId, netOre: price, validity: validityOf(validity) })),
);
export type PlaceBidBody = z.output<typeof placeBidBodySchema>;

/** PUT /bids/{id}: a new price and/or validity; the bid is quoted again under the fees in force now. */
export const updateBidBodySchema = z.preprocess(
  normaliseBidKeys,
  z
    .object({ price: bidPriceDkkSchema.optional(), ...validityFields })
    .refine((body) => Object.values(body).some((value) => value !== undefined), { message: messages.noChangesGiven })
    .transform(({ price, ...validity }) => ({ netOre: price, validity: validityOf(validity) })),
);
export type UpdateBidBody = z.output<typeof updateBidBodySchema>;

/**
 * The gross total in DKK the customer was shown when choosing; when given and the bid's total is no longer that, the
 * choice is refused (409 `bid_changed`) — a carrier may have changed the price a moment before.
 */
const expectedTotalField = z
  .preprocess(
    (value) => (value === null || value === '' ? undefined : numericInput(value)),
    z
      .number({ error: messages.invalidExpectedTotal })
      .positive(messages.invalidExpectedTotal)
      .max(Number.MAX_SAFE_INTEGER / 100, messages.invalidExpectedTotal)
      .refine((value) => decimalPlaces(value) <= 2, messages.invalidExpectedTotal)
      .optional(),
  )
  .transform((value) => (value === undefined ? undefined : dkkToOre(value)));

/** POST /bids/{id}/accept: `{expectedTotal?}` (DKK) → `{expectedTotalOre?}`; no body at all is fine for API clients. */
export const acceptBidBodySchema = z.preprocess(
  normaliseBidKeys,
  z.object({ expectedTotal: expectedTotalField }).transform(({ expectedTotal }) => ({ expectedTotalOre: expectedTotal })),
);
export type AcceptBidBody = z.output<typeof acceptBidBodySchema>;

/** POST /tasks/{id}/assign: accepts `bid_id`; `carrier_id`, when given, must be the bid's carrier; `expectedTotal` as on accept. */
export const assignTaskBodySchema = z.preprocess(
  normaliseBidKeys,
  z
    .object({ bid_id: idField(messages.invalidBidId), carrier_id: idField(messages.invalidUserId).optional(), expectedTotal: expectedTotalField })
    .transform(({ expectedTotal, ...rest }) => ({ ...rest, expectedTotalOre: expectedTotal })),
);
export type AssignTaskBody = z.output<typeof assignTaskBodySchema>;

/** The :id of a bid route. */
export const bidIdSchema = idField(messages.invalidBidId);

const lastOf = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);
const blankToUndefined = (value: unknown) => {
  const last = lastOf(value);
  return typeof last === 'string' && last.trim() === '' ? undefined : last;
};
const pageNumber = (message: string, max: number) =>
  z.preprocess(blankToUndefined, idField(message).pipe(z.number().max(max, message)).optional());

/** GET /bids?taskId=&carrierId=&status=&page=&limit= (limit at most 100, default 100). */
export const bidListQuerySchema = z.object({
  taskId: z.preprocess(blankToUndefined, idField(messages.invalidTaskId).optional()),
  /** Several tasks at once (`taskIds=4,7,9`, at most 100): e.g. a carrier's own bids on the dashboard's newest tasks. */
  taskIds: z.preprocess(blankToUndefined, idListField(messages.invalidTaskId, limits.listPageLimitMax, messages.tooManyTaskIds).optional()),
  carrierId: z.preprocess(blankToUndefined, idField(messages.invalidUserId).optional()),
  status: z.preprocess(blankToUndefined, z.enum(bidStatuses, { error: messages.invalidChoice }).optional()),
  page: pageNumber(messages.invalidPage, 100_000).transform((page) => page ?? 1),
  limit: pageNumber(messages.invalidPageLimit, limits.listPageLimitMax).transform((limit) => limit ?? limits.listPageLimitMax),
});
export type BidListQuery = z.output<typeof bidListQuerySchema>;

/** GET /tasks/{id}/bids query: the list filters, and a guest's follow-up link token (`access`) in place of a session. */
export const taskBidListQuerySchema = bidListQuerySchema.extend({
  access: z.preprocess(blankToUndefined, z.string({ error: messages.invalidChoice }).max(200, messages.invalidChoice).optional()),
});

// ---- the bid as each role sees it (DKK, two decimals; timestamps ISO 8601 UTC) ----

const bidFields = {
  id: z.number().int(),
  task_id: z.number().int(),
  carrier_id: z.number().int(),
  carrier_name: z.string(),
  status: bidStatusSchema,
  valid_until: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  accepted_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
};

/** The task owner: what they would pay (gross total, VAT, small fee) — never the net price, fees or payout. */
export const customerBidSchema = z.strictObject({ view: z.literal('customer'), ...bidFields, quote: customerQuoteSchema });
export type CustomerBid = z.infer<typeof customerBidSchema>;

/** The bid's carrier: their price (net), their list's fee and their payout. */
export const carrierBidSchema = z.strictObject({
  view: z.literal('carrier'),
  ...bidFields,
  price: z.number(),
  carrier_list_id: z.number().int().nullable(),
  carrier_fee_percentage: z.number(),
  carrier_fixed_fee: z.number(),
  quote: carrierQuoteSchema,
});
export type CarrierBid = z.infer<typeof carrierBidSchema>;

/** An admin: everything, including the settings and bid limit in force when the bid was placed. */
export const adminBidSchema = z.strictObject({
  view: z.literal('admin'),
  ...bidFields,
  customer_id: z.number().int().nullable(),
  price: z.number(),
  carrier_list_id: z.number().int().nullable(),
  carrier_list_name: z.string().nullable(),
  carrier_fee_percentage: z.number(),
  carrier_fixed_fee: z.number(),
  platform_settings: z.object({
    fee_percentage: z.number(),
    fixed_fee: z.number(),
    vat_percentage: z.number(),
    min_fee: z.number(),
  }),
  max_bids: z.number().int(),
  quoted_at: z.string(),
  rejection_reason: z.enum(bidRejectionReasons).nullable(),
  quote: adminQuoteSchema,
});
export type AdminBid = z.infer<typeof adminBidSchema>;

export const bidViewSchema = z.discriminatedUnion('view', [customerBidSchema, carrierBidSchema, adminBidSchema]);
export type BidView = z.infer<typeof bidViewSchema>;

/** The bidding round of one task, for the bids tab's count ('2/5') and the 'bid on task' button. */
export const taskBiddingSchema = z.object({
  task_id: z.number().int(),
  status: taskStatusSchema,
  /** Bids holding a slot (pending and valid, or accepted); once a bid is chosen, the bids that held one at the choice. */
  bid_count: z.number().int(),
  max_bids: z.number().int(),
  bidding_open: z.boolean(),
});
export type TaskBidding = z.infer<typeof taskBiddingSchema>;

/** GET /bids, GET /tasks/{id}/bids: `bidding` is there when the list is of one task. */
export const bidsPageSchema = z.object({
  items: z.array(bidViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  bidding: taskBiddingSchema.optional(),
});
export type BidsPage = z.infer<typeof bidsPageSchema>;

// ---- between services ----

/** GET /internal/tasks/{id} (svc-tasks → svc-bids): what svc-bids needs of a task it has not seen an event of. */
export const internalTaskSchema = z.object({
  id: z.number().int().positive(),
  user_id: z.number().int().positive().nullable(),
  status: taskStatusSchema,
  type: taskTypeSchema,
  max_bids: z.number().int().positive().nullable(),
  /** For svc-chat's lock rules (who won); optional so an older svc-tasks still answers within the contract. */
  assigned_carrier_id: z.number().int().positive().nullable().optional(),
});
export type InternalTask = z.infer<typeof internalTaskSchema>;

/** POST /internal/tasks/{id}/access (svc-bids → svc-tasks): does a guest's follow-up link open this task? */
export const internalTaskAccessBodySchema = z.object({ token: z.string().max(200) });
export const internalTaskAccessSchema = z.object({ granted: z.boolean() });
export type InternalTaskAccess = z.infer<typeof internalTaskAccessSchema>;

/** GET /internal/bids/{id}, GET /internal/tasks/{id}/accepted-bid (svc-bids → svc-payments): the full snapshot in øre. */
export const internalBidSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  carrierId: z.number().int(),
  carrierName: z.string(),
  customerId: z.number().int().nullable(),
  status: bidStatusSchema,
  netOre: z.number().int(),
  validUntil: z.string(),
  acceptedAt: z.string().nullable(),
  quote: quoteSchema,
  carrierList: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  carrierFee: z.object({ feePercentage: z.number(), fixedFeeOre: z.number().int() }),
  settings: z.object({
    feePercentage: z.number(),
    fixedFeeOre: z.number().int(),
    vatPercentage: z.number(),
    minFeeOre: z.number().int(),
  }),
  maxBids: z.number().int(),
  quotedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InternalBid = z.infer<typeof internalBidSchema>;

/**
 * GET /internal/tasks/{id}/bid-round (svc-bids → svc-chat): the task's round of bids as svc-bids decides it now, so the
 * chat's lock rules hold from the moment the bid or the choice that caused them was answered.
 */
export const internalBidRoundSchema = z.object({
  taskId: z.number().int(),
  /** The carrier whose bid was accepted; null while none is. */
  acceptedCarrierId: z.number().int().nullable(),
  /** Carriers whose bid holds a slot (pending and valid, or accepted). */
  bidderIds: z.array(z.number().int()),
  /** The bids holding a slot have reached the limit in force. */
  atBidLimit: z.boolean(),
});
export type InternalBidRound = z.infer<typeof internalBidRoundSchema>;

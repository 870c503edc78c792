import { z } from 'zod';
import { messages } from './messages';
import { idListField } from './pricing';
import { carrierIdParamSchema } from './ratings';

/**
 * Public carrier profiles (issue 13): what a customer weighs a bid by. Data-minimised: a carrier's name, company, CVR
 * number and track record, never an e-mail, phone number or address.
 */

/** The trust marks next to a carrier's name. */
export const carrierBadgesSchema = z.object({
  /** An insurance document is on file whose expiry date has not passed. */
  insured: z.boolean(),
  /** The company register knows the carrier's CVR number. */
  cvr_verified: z.boolean(),
});
export type CarrierBadges = z.infer<typeof carrierBadgesSchema>;

/** One carrier in a bid table. */
export const carrierSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  /** Customers' ratings of the carrier: average to one decimal (0 when none) and count. */
  rating: z.object({ avg: z.number(), count: z.number().int() }),
  completed_tasks: z.number().int(),
  badges: carrierBadgesSchema,
});
export type CarrierSummary = z.infer<typeof carrierSummarySchema>;
export const carrierSummaryListSchema = z.object({ items: z.array(carrierSummarySchema) });

/** A review on the carrier page: score, comment and the customer's first name only. */
export const carrierReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  customer_name: z.string().nullable(),
  task_type: z.string(),
  date: z.string(),
});
export type CarrierReview = z.infer<typeof carrierReviewSchema>;

/** GET /carriers/{id}. */
export const carrierProfileSchema = carrierSummarySchema.extend({
  cvr_number: z.string().nullable(),
  /** When the carrier registered (ISO). */
  member_since: z.string().nullable(),
  /** The newest customer reviews (at most `carrierProfileReviewsMax`). */
  reviews: z.array(carrierReviewSchema),
});
export type CarrierProfile = z.infer<typeof carrierProfileSchema>;

export const carrierProfileReviewsMax = 10;
/** At most this many carriers in one GET /carriers?ids= (a task has far fewer bids). */
export const carrierSummaryIdsMax = 50;

export const carrierProfileParamSchema = carrierIdParamSchema;

/** GET /carriers?ids=1,2,3 (comma-separated, or repeated). */
export const carrierSummaryQuerySchema = z.object({
  ids: idListField(messages.invalidCarrierId, carrierSummaryIdsMax, messages.tooManyCarrierIds),
});

import { z } from 'zod';
import { messages } from './messages';
import { idListField, numericInput } from './pricing';
import { regions } from './regions';
import { vehicleTypes } from './vehicle-vocabulary';
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
  /** The carrier's vehicles (issue 29; absent from older services: none). */
  vehicles: z.array(z.lazy(() => vehicleSchema)).optional(),
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
  /** The regions the carrier drives in (issue 29; absent from older services: none). */
  coverageRegions: z.array(z.enum(regions)).optional(),
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

// ---- vehicles and coverage (issue 29) ----

export { vehicleSummary, vehicleTypeLabels, vehicleTypes, type VehicleType } from './vehicle-vocabulary';
export const vehiclesPerCarrierMax = 10;

export const vehicleSchema = z.object({
  type: z.enum(vehicleTypes, { error: messages.vehiclesInvalid }),
  /** Load space in m³, at most one decimal. */
  capacityM3: z.preprocess(numericInput, z.number({ error: messages.vehiclesInvalid }).positive(messages.vehiclesInvalid).max(200, messages.vehiclesInvalid)),
  maxKg: z.preprocess(numericInput, z.number({ error: messages.vehiclesInvalid }).int(messages.vehiclesInvalid).positive(messages.vehiclesInvalid).max(60_000, messages.vehiclesInvalid)),
  tailLift: z.boolean({ error: messages.vehiclesInvalid }),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** PUT /carrier/profile: the carrier's own vehicles and the regions they drive in. */
export const carrierFieldProfileBodySchema = z.object({
  vehicles: z.array(vehicleSchema, { error: messages.vehiclesInvalid }).max(vehiclesPerCarrierMax, messages.vehiclesMax),
  coverageRegions: z.array(z.enum(regions, { error: messages.coverageRegionsInvalid }), { error: messages.coverageRegionsInvalid }).transform((values) => regions.filter((region) => values.includes(region))),
});
export type CarrierFieldProfileBody = z.infer<typeof carrierFieldProfileBodySchema>;

export const carrierFieldProfileSchema = z.object({
  vehicles: z.array(vehicleSchema),
  coverageRegions: z.array(z.enum(regions)),
  /** After a save: a load alert for the coverage regions the carrier may create (none yet, regions chosen). */
  suggestedAlert: z.object({ name: z.string(), fromRegions: z.array(z.enum(regions)) }).nullable(),
});
export type CarrierFieldProfile = z.infer<typeof carrierFieldProfileSchema>;


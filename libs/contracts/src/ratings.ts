import { z } from 'zod';
import { limits } from './constants';
import { messages } from './messages';

/** Who rated: the task's customer (rating the carrier) or its carrier (rating the customer). */
export const ratingUserTypes = ['customer', 'carrier'] as const;
export type RatingUserType = (typeof ratingUserTypes)[number];

const positiveId = z.coerce.number({ error: messages.invalidId }).int(messages.invalidId).positive(messages.invalidId).max(2_147_483_647, messages.invalidId);

/** POST /ratings. `userType` may be given; it must match the caller's side of the task. */
export const createRatingBodySchema = z.object({
  rating: z.number({ error: messages.ratingRequired }).int(messages.ratingRequired).min(limits.ratingMin, messages.ratingRequired).max(limits.ratingMax, messages.ratingRequired),
  taskId: positiveId,
  comment: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string({ error: messages.ratingCommentTooLong }).trim().max(1000, messages.ratingCommentTooLong).optional(),
  ),
  userType: z.enum(ratingUserTypes, { error: messages.ratingUserTypeInvalid }).optional(),
});
export type CreateRatingBody = z.output<typeof createRatingBodySchema>;

const optionalQueryId = z.preprocess((v) => (v === '' ? undefined : Array.isArray(v) ? v.at(-1) : v), positiveId.optional());
export const ratingListQuerySchema = z.object({
  taskId: optionalQueryId,
  userId: optionalQueryId,
  userType: z.preprocess((v) => (v === '' ? undefined : Array.isArray(v) ? v.at(-1) : v), z.enum(ratingUserTypes, { error: messages.ratingUserTypeInvalid }).optional()),
});
export type RatingListQuery = z.output<typeof ratingListQuerySchema>;
export const ratingSummaryQuerySchema = z.object({ carrierId: z.preprocess((v) => (Array.isArray(v) ? v.at(-1) : v), positiveId) });
export const publicRatingsQuerySchema = z.object({
  limit: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Array.isArray(v) ? v.at(-1) : v),
    z.coerce
      .number({ error: messages.invalidNumber })
      .int(messages.invalidNumber)
      .min(1, messages.invalidNumber)
      .max(1000, messages.invalidNumber)
      .default(limits.homeReviewsMax)
      // Never more than the home page shows (a larger limit is clamped, not refused).
      .transform((n) => Math.min(n, limits.homeReviewsMax)),
  ),
});

/**
 * A rating. `task_id` and `customer_id` are null unless the caller took part in the rated task (or is an admin):
 * others see the score, the comment and the rater's first name only.
 */
export const ratingSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  carrier_id: z.number().int(),
  user_type: z.enum(ratingUserTypes),
  rating: z.number().int(),
  comment: z.string().nullable(),
  is_test: z.boolean(),
  date: z.string(),
  created_at: z.string(),
  /** The rater's first name (the customer's when user_type is customer, the carrier's otherwise). */
  customer_name: z.string().nullable(),
  carrier_name: z.string().nullable(),
});
export type Rating = z.infer<typeof ratingSchema>;
export const ratingListSchema = z.object({ items: z.array(ratingSchema) });
/** avg to one decimal (0 when there are none). */
export const ratingSummarySchema = z.object({ avg: z.number(), count: z.number().int() });

/** GET /ratings/public: home-page reviews; the rater's first name only, never an e-mail. */
export const publicRatingSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
  user_type: z.enum(ratingUserTypes),
  customer_name: z.string().nullable(),
  carrier_name: z.string().nullable(),
  task_type: z.string(),
  date: z.string(),
  created_at: z.string(),
});
export const publicRatingListSchema = z.object({ items: z.array(publicRatingSchema) });

/** The rater's first name from a display name ('Anne Hansen' → 'Anne'); null when there is none. */
export function firstNameOf(name: string | null | undefined): string | null {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  if (first === '' || first.includes('@')) return null;
  return first.slice(0, 60);
}

/** :id of GET /ratings/carrier/{id}. */
export const carrierIdParamSchema = z
  .string({ error: messages.invalidCarrierId })
  .regex(/^\d{1,15}$/, messages.invalidCarrierId)
  .transform(Number)
  .pipe(z.number().int().positive(messages.invalidCarrierId).max(2_147_483_647, messages.invalidCarrierId));

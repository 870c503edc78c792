import { z } from 'zod';
import { messages } from './messages';
import { feeDkkField, idField, numericInput, percentageField, pricingLimits } from './pricing';

/*
 * Platform settings, carrier lists A/B/C and their assignments (shared/API.md "Pricing, payments, finance",
 * spec section 3). Money is DKK with two decimals at the API edge and whole øre everywhere behind it: the body
 * schemas take `fixedFee`/`minFee` in DKK and give `fixedFeeOre`/`minFeeOre`.
 */

const maxBidsField = z.preprocess(
  numericInput,
  z
    .number({ error: messages.maxBidsMin })
    .int(messages.maxBidsMin)
    .min(1, messages.maxBidsMin)
    .max(pricingLimits.maxBidsMax, messages.maxBidsMax),
);

// ---- platform settings ----

/** GET/PUT /admin/platform-settings answer. */
export const platformSettingsSchema = z.object({
  feePercentage: z.number(),
  fixedFee: z.number(),
  vatPercentage: z.number(),
  minFee: z.number(),
  maxBids: z.number().int(),
  /** null until an admin first changes the defaults. */
  updatedAt: z.string().nullable(),
});
export type PlatformSettingsJson = z.infer<typeof platformSettingsSchema>;

/** PUT /admin/platform-settings: any of the five fields; those left out keep their value. */
export const platformSettingsUpdateSchema = z
  .object({
    feePercentage: percentageField(messages.feePercentageRange).optional(),
    fixedFee: feeDkkField(messages.fixedFeeMin).optional(),
    vatPercentage: percentageField(messages.vatPercentageRange).optional(),
    minFee: feeDkkField(messages.minFeeMin).optional(),
    maxBids: maxBidsField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: messages.noChangesGiven })
  .transform(({ fixedFee, minFee, ...rest }) => ({
    ...rest,
    ...(fixedFee === undefined ? {} : { fixedFeeOre: fixedFee }),
    ...(minFee === undefined ? {} : { minFeeOre: minFee }),
  }));
export type PlatformSettingsUpdate = z.output<typeof platformSettingsUpdateSchema>;

/** Platform settings in øre, as services exchange them (GET /internal/platform-settings). */
export const platformSettingsOreSchema = z.object({
  feePercentage: z.number(),
  fixedFeeOre: z.number().int(),
  vatPercentage: z.number(),
  minFeeOre: z.number().int(),
  maxBids: z.number().int(),
});
export type PlatformSettingsOre = z.infer<typeof platformSettingsOreSchema>;

// ---- carrier lists ----

const listName = z
  .string({ error: messages.carrierListNameRequired })
  .trim()
  .min(1, messages.carrierListNameRequired)
  .max(50, messages.carrierListNameTooLong);

const listDescription = z.preprocess(
  (value) => (value === null ? '' : value),
  z.string({ error: messages.carrierListDescriptionTooLong }).trim().max(500, messages.carrierListDescriptionTooLong),
);

/** A carrier list as the API shows it; shown in the admin as 'name (x% gebyr)'. */
export const carrierListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  feePercentage: z.number(),
  fixedFee: z.number(),
  minFee: z.number(),
  /** Carriers on the list; a list with carriers cannot be deleted. */
  carrierCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CarrierListJson = z.infer<typeof carrierListSchema>;

export const carrierListsSchema = z.object({ items: z.array(carrierListSchema) });

/** POST /admin/carrier-lists: name and fee percentage required; description '' and fees 0 by default. */
export const carrierListCreateSchema = z
  .object({
    name: listName,
    description: listDescription.optional(),
    feePercentage: percentageField(messages.carrierFeePercentageRange),
    fixedFee: feeDkkField(messages.fixedFeeMin).optional(),
    minFee: feeDkkField(messages.minFeeMin).optional(),
  })
  .transform(({ name, description, feePercentage, fixedFee, minFee }) => ({
    name,
    description: description ?? '',
    feePercentage,
    fixedFeeOre: fixedFee ?? 0,
    minFeeOre: minFee ?? 0,
  }));
export type CarrierListCreate = z.output<typeof carrierListCreateSchema>;

/** PUT /admin/carrier-lists/{id}: any of the fields; those left out keep their value. */
export const carrierListUpdateSchema = z
  .object({
    name: listName.optional(),
    description: listDescription.optional(),
    feePercentage: percentageField(messages.carrierFeePercentageRange).optional(),
    fixedFee: feeDkkField(messages.fixedFeeMin).optional(),
    minFee: feeDkkField(messages.minFeeMin).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: messages.noChangesGiven })
  .transform(({ fixedFee, minFee, ...rest }) => ({
    ...rest,
    ...(fixedFee === undefined ? {} : { fixedFeeOre: fixedFee }),
    ...(minFee === undefined ? {} : { minFeeOre: minFee }),
  }));
export type CarrierListUpdate = z.output<typeof carrierListUpdateSchema>;

/** The :id of a carrier-list route. */
export const carrierListIdSchema = idField(messages.invalidCarrierListId);

// ---- assignments: a carrier is on at most one list ----

export const carrierListAssignmentSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  listId: z.number().int(),
  list: z.object({
    id: z.number().int(),
    name: z.string(),
    feePercentage: z.number(),
    fixedFee: z.number(),
    minFee: z.number(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CarrierListAssignmentJson = z.infer<typeof carrierListAssignmentSchema>;

export const carrierListAssignmentsSchema = z.object({ items: z.array(carrierListAssignmentSchema) });

/** POST /admin/carrier-lists/assignments: puts the carrier on the list, moving them off any other. */
export const carrierListAssignmentBodySchema = z.object({
  userId: idField(messages.invalidUserId),
  listId: idField(messages.invalidCarrierListId),
});
export type CarrierListAssignmentBody = z.infer<typeof carrierListAssignmentBodySchema>;

/** The :id of an assignment route. */
export const carrierListAssignmentIdSchema = idField(messages.invalidAssignmentId);

/** GET /admin/carrier-lists/assignments?userId=1,2 (or userId repeated): up to 100 carriers; absent = all. */
export const carrierListAssignmentsQuerySchema = z.object({
  userId: z.preprocess(
    (value) => {
      if (value === undefined) return undefined;
      const parts = (Array.isArray(value) ? value : [value])
        .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
        .map((part) => (typeof part === 'string' ? part.trim() : part))
        .filter((part) => part !== '');
      return parts.length === 0 ? undefined : parts;
    },
    z.array(idField(messages.invalidUserId)).max(100, messages.tooManyUserIds).optional(),
  ),
});
export type CarrierListAssignmentsQuery = z.output<typeof carrierListAssignmentsQuerySchema>;

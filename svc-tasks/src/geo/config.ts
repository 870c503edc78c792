import { z } from 'zod';

/** Config keys of address suggestions; svc-tasks merges them into its service config. */
export const geoConfigSchema = z.object({
  /** `none` (the default): GET /geo/suggest answers an empty list at once and the field stays free text. */
  GEO_PROVIDER: z.enum(['none', 'dataforsyningen']).default('none'),
  /** Klimadatastyrelsen's Adressevælger (Dataforsyningen), DAWA's successor. */
  GEO_BASE_URL: z.url().default('https://adressevaelger.dk'),
  /** Sent as the `token` query parameter. */
  GEO_TOKEN: z.string().optional(),
  /** How long one suggestion request may take before the answer is an empty list. */
  GEO_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(2_000),
});
export type GeoConfig = z.infer<typeof geoConfigSchema>;

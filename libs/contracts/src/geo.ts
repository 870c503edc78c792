import { z } from 'zod';
import { limits } from './constants';
import { messages } from './messages';

/** One Danish address suggestion (spec section 3, Address suggestion). Coordinates are WGS84 degrees. */
export const addressSuggestionSchema = z.object({
  /** What the suggestion list shows. */
  label: z.string(),
  /** The text sent as from_address / to_address. */
  address: z.string(),
  formattedAddress: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The provider's id of the address (for Dataforsyningen the DAR house-number id). */
  placeId: z.string(),
  street: z.string(),
  houseNo: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.literal('Danmark'),
  countryCode: z.literal('DK'),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

/** GET /geo/suggest?q= — fewer than 3 characters after trimming answers an empty list. */
export const geoSuggestQuerySchema = z.object({
  q: z.string().trim().max(200, messages.textTooLong).default(''),
});
export type GeoSuggestQuery = z.infer<typeof geoSuggestQuerySchema>;

export const geoSuggestResponseSchema = z.object({
  items: z.array(addressSuggestionSchema).max(limits.addressSuggest.results),
});
export type GeoSuggestResponse = z.infer<typeof geoSuggestResponseSchema>;

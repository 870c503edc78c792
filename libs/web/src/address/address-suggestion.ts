/** An address the user typed or chose, with the details a suggestion carried (spec section 3, Address suggestion). */
export interface AddressValue {
  /** The text of the address, as shown in the field and sent as from_address / to_address. */
  address: string;
  formattedAddress?: string;
  placeId?: string;
  street?: string;
  houseNo?: string;
  postalCode?: string;
  city?: string;
  country?: string;
  countryCode?: string;
  lat?: number;
  lng?: number;
}

export interface SuggestedAddress extends AddressValue {
  /** What the suggestion list shows. */
  label: string;
}

export const EMPTY_ADDRESS: AddressValue = { address: '' };

/** A free-text address with no details, e.g. what the user typed without choosing a suggestion. */
export function addressFromText(text: string): AddressValue {
  return { address: text };
}

type Loose = Record<string, unknown>;

function text(...candidates: unknown[]): string | undefined {
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate.trim();
    if (typeof candidate === 'number' && Number.isFinite(candidate)) return String(candidate);
  }
  return undefined;
}

function coordinate(...candidates: unknown[]): number | undefined {
  for (const candidate of candidates) {
    const value = typeof candidate === 'string' && candidate.trim() ? Number(candidate) : candidate;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
}

/**
 * One item of GET /geo/suggest, read leniently: the spec lists camel-case fields, a provider may add snake-case
 * ones or put the coordinates under `location`. Items without any text are dropped (null).
 */
export function toSuggestedAddress(raw: unknown): SuggestedAddress | null {
  if (!raw || typeof raw !== 'object') return null;
  const item = raw as Loose;
  const location = item.location && typeof item.location === 'object' ? (item.location as Loose) : {};
  const formattedAddress = text(item.formattedAddress, item.formatted_address);
  const address = text(item.address, formattedAddress, item.label);
  if (!address) return null;
  const suggestion: SuggestedAddress = {
    label: text(item.label, formattedAddress, address) ?? address,
    address,
    formattedAddress,
    placeId: text(item.placeId, item.place_id),
    street: text(item.street),
    houseNo: text(item.houseNo, item.house_no),
    postalCode: text(item.postalCode, item.postal_code),
    city: text(item.city),
    country: text(item.country),
    countryCode: text(item.countryCode, item.country_code),
    lat: coordinate(item.lat, location.lat),
    lng: coordinate(item.lng, item.lon, location.lng, location.lon),
  };
  for (const key of Object.keys(suggestion) as Array<keyof SuggestedAddress>) {
    if (suggestion[key] === undefined) delete suggestion[key];
  }
  return suggestion;
}

/** The value a chosen suggestion puts in the field: its text plus every detail it carried. */
export function addressFromSuggestion({ label: _label, ...value }: SuggestedAddress): AddressValue {
  return value;
}

import { netPriceDkkSchema } from '@fragtbud/contracts';

/**
 * The price field's text as the net price in DKK, checked with the server's own schema (finite, above 0, at most two
 * decimals); null when it is not a price the server would take ('Angiv en gyldig pris først.').
 */
export function netPriceOf(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const parsed = netPriceDkkSchema.safeParse(trimmed);
  return parsed.success ? parsed.data / 100 : null;
}

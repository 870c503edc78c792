import { netPriceDkkSchema } from '@fragtbud/contracts';
import { parseDanishNumber } from '@fragtbud/web';

/**
 * The price field's text as the net price in DKK, read the Danish way (`12,50` is 12.5, `1.234,50` is 1234.5) and
 * checked with the server's own schema (finite, above 0, at most two decimals); null when it is not a price the server
 * would take ('Angiv en gyldig pris først.').
 */
export function netPriceOf(text: string): number | null {
  const typed = parseDanishNumber(text);
  if (typed === null) return null;
  const parsed = netPriceDkkSchema.safeParse(typed);
  return parsed.success ? parsed.data / 100 : null;
}

import { bidPriceDkkSchema, messages } from '@fragtbud/contracts';
import { parseDanishNumber } from '@fragtbud/web';

/** The price field read: the net price in DKK, or why the server would refuse it (its own Danish text). */
export interface PriceCheck {
  net: number | null;
  error: string | null;
}

/**
 * The price field's text read the Danish way (`12,50` is 12.5, `1.234,50` is 1234.5) and checked with the server's
 * own bid schema: finite, above 0, at most two decimals ('Angiv en gyldig pris først.') and at most 10.000.000 DKK
 * ('Prisen må højst være 10.000.000 DKK.').
 */
export function checkPrice(text: string): PriceCheck {
  const typed = parseDanishNumber(text);
  if (typed === null) return { net: null, error: messages.invalidPrice };
  const parsed = bidPriceDkkSchema.safeParse(typed);
  if (parsed.success) return { net: parsed.data / 100, error: null };
  return { net: null, error: parsed.error.issues[0]?.message ?? messages.invalidPrice };
}

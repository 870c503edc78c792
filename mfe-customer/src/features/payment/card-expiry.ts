import { messages } from '@fragtbud/contracts';

/**
 * What is wrong with a card's expiry typed as MM/ÅÅ (also M/ÅÅ, MM/ÅÅÅÅ, MMÅÅ), or null when it is fine. A card is
 * good through the last day of its month; an earlier month than this one is refused.
 */
export function cardExpiryProblem(input: string, now: Date = new Date()): string | null {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(input.trim());
  if (!match) return messages.cardExpiryInvalid;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return messages.cardExpiryInvalid;
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + (month - 1) < thisMonth ? messages.cardExpired : null;
}

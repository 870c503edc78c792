import { describe, expect, it } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { cardExpiryProblem } from './card-expiry';

describe('card expiry', () => {
  const now = new Date(2026, 10, 24); // 24 November 2026

  it('takes this month and later ones, in the usual ways of typing them', () => {
    for (const typed of ['11/26', '12/26', '1/27', '01/2030', '0530', ' 12 / 34 ']) expect(cardExpiryProblem(typed, now)).toBeNull();
  });

  it('refuses a month that has passed', () => {
    expect(cardExpiryProblem('10/26', now)).toBe(messages.cardExpired);
    expect(cardExpiryProblem('12/25', now)).toBe(messages.cardExpired);
  });

  it('refuses what is no MM/ÅÅ', () => {
    for (const typed of ['', '13/27', '00/27', '12-27x', 'dec 27']) expect(cardExpiryProblem(typed, now)).toBe(messages.cardExpiryInvalid);
  });
});

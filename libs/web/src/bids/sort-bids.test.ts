import type { CarrierSummary } from '@fragtbud/contracts';
import { describe, expect, it } from 'vitest';
import { makeCustomerBid } from '../testing';
import { sortBids } from './sort-bids';

const summary = (id: number, avg: number, count: number): CarrierSummary => ({
  id,
  name: `Vognmand ${id}`,
  company: null,
  rating: { avg, count },
  completed_tasks: count,
  badges: { insured: false, cvr_verified: false },
});

const cheap = makeCustomerBid({ id: 1, carrier_id: 11, net: 800 });
const dear = makeCustomerBid({ id: 2, carrier_id: 12, net: 1500 });
const middle = makeCustomerBid({ id: 3, carrier_id: 13, net: 1000 });
const unrated = makeCustomerBid({ id: 4, carrier_id: 14, net: 500 });
const carriers = new Map([
  [11, summary(11, 3.5, 4)],
  [12, summary(12, 4.8, 10)],
  [13, summary(13, 4.8, 2)],
  [14, summary(14, 0, 0)],
]);

describe('sortBids', () => {
  it('when sorted by price, then the cheapest total comes first', () => {
    expect(sortBids([dear, cheap, unrated, middle], 'price', carriers).map((bid) => bid.id)).toEqual([4, 1, 3, 2]);
  });

  it('when sorted by rating, then the higher average first, more reviews break a tie, unrated carriers last', () => {
    expect(sortBids([unrated, cheap, middle, dear], 'rating', carriers).map((bid) => bid.id)).toEqual([2, 3, 1, 4]);
  });

  it('when the carriers are not known yet, then rating order falls back to price and the input is left alone', () => {
    const input = [dear, cheap, middle];
    expect(sortBids(input, 'rating').map((bid) => bid.id)).toEqual([1, 3, 2]);
    expect(input.map((bid) => bid.id)).toEqual([2, 1, 3]);
  });
});

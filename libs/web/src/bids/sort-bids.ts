import type { BidView, CarrierSummary } from '@fragtbud/contracts';
import { bidHeadlineAmount } from './bid-price';

/** How a customer orders the bids: cheapest first, or best-rated carrier first. */
export type BidSort = 'price' | 'rating';
export const BID_SORT_LABELS: Record<BidSort, string> = {
  price: 'Pris (laveste først)',
  rating: 'Bedømmelse (højeste først)',
};

/**
 * The bids in the chosen order. By rating: higher average first, then more reviews, then the lower price; carriers
 * without reviews (or not known) come after every rated one. Ties keep the order the server gave.
 */
export function sortBids<B extends BidView>(bids: readonly B[], by: BidSort, carriers: ReadonlyMap<number, CarrierSummary> = new Map()): B[] {
  const price = (bid: B) => bidHeadlineAmount(bid);
  const rating = (bid: B) => carriers.get(bid.carrier_id)?.rating ?? { avg: 0, count: 0 };
  const byPrice = (a: B, b: B) => price(a) - price(b);
  const byRating = (a: B, b: B) => {
    const [ra, rb] = [rating(a), rating(b)];
    const rated = Number(rb.count > 0) - Number(ra.count > 0);
    return rated || rb.avg - ra.avg || rb.count - ra.count || byPrice(a, b);
  };
  return [...bids].sort(by === 'price' ? byPrice : byRating);
}

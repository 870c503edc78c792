import type { BidView } from '@fragtbud/contracts';
import { formatDkkFromKroner } from '../format/money';
import { bidHeadlineAmount } from './bid-price';
import { bidStatusLabel } from './bid-status';

/** What the filter box matches a bid against: carrier, status label, the price as shown, and the bid's number. */
function searchTextOf(bid: BidView): string {
  const amount = bidHeadlineAmount(bid);
  return [
    bid.carrier_name,
    bid.view === 'admin' ? bid.carrier_list_name : null,
    bidStatusLabel(bid.status),
    formatDkkFromKroner(amount),
    String(amount),
    `#${bid.id}`,
  ]
    .filter(Boolean)
    .join(' ')
    .toLocaleLowerCase('da-DK');
}

/** The bids whose carrier, status or shown price contain every word typed in the filter box. */
export function filterBids<B extends BidView>(bids: readonly B[], query: string): B[] {
  const words = query.toLocaleLowerCase('da-DK').split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...bids];
  return bids.filter((bid) => {
    const text = searchTextOf(bid);
    return words.every((word) => text.includes(word));
  });
}

import type { BidView } from '@fragtbud/contracts';

/** Under a bid that does not count: the count ('Antal bud 1/5') is of the bids holding a slot. */
export const BID_NOT_COUNTED = 'Tæller ikke med i antal bud';
export const BID_EXPIRED_NOT_COUNTED = 'Udløbet – tæller ikke med i antal bud';

type SlotFacts = Pick<BidView, 'status' | 'valid_until'> & { rejection_reason?: string | null };

/**
 * Whether a bid holds one of the task's bid slots, as svc-bids counts them (`bidding.bid_count`): accepted, or
 * pending and still valid. A rejected or lapsed bid is still listed but frees its slot — except one that lost to the
 * chosen bid (shown to admins with its reason): the count after the choice is the count at it.
 */
export function holdsBidSlot(bid: SlotFacts, now: number = Date.now()): boolean {
  if (bid.status === 'accepted') return true;
  if (bid.status === 'rejected' && bid.rejection_reason === 'other_bid_accepted') return true;
  return bid.status === 'pending' && new Date(bid.valid_until).getTime() > now;
}

/** The note under a listed bid that does not count, or null when it does. */
export function bidSlotNote(bid: SlotFacts, now: number = Date.now()): string | null {
  if (holdsBidSlot(bid, now)) return null;
  return bid.status === 'pending' ? BID_EXPIRED_NOT_COUNTED : BID_NOT_COUNTED;
}

import { describe, expect, it } from 'vitest';
import { BID_NOT_COUNTED, bidSlotNote, holdsBidSlot } from './bid-slot';

const future = new Date(Date.now() + 86_400_000).toISOString();

describe('holdsBidSlot', () => {
  it('when a bid lost to the chosen one, then it still counts (the count after the choice is the count at it)', () => {
    expect(holdsBidSlot({ status: 'rejected', valid_until: future, rejection_reason: 'other_bid_accepted' })).toBe(true);
    expect(bidSlotNote({ status: 'rejected', valid_until: future, rejection_reason: 'other_bid_accepted' })).toBeNull();
  });

  it('when a bid was rejected by the customer, then it does not count', () => {
    expect(holdsBidSlot({ status: 'rejected', valid_until: future, rejection_reason: 'rejected' })).toBe(false);
    expect(bidSlotNote({ status: 'rejected', valid_until: future })).toBe(BID_NOT_COUNTED);
  });
});

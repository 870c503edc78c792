import type { BidView, TaskBidding } from '@fragtbud/contracts';
import { holdsBidSlot } from '@fragtbud/web';

export const UNCOUNTED_BIDS_NOTE = 'Afviste og udløbne bud tæller ikke med.';

/**
 * 'Antal bud 1/5': the bids holding a slot out of the limit (svc-bids' count). When the list also shows bids that do
 * not count (rejected, lapsed), it says so, so the count and the list agree.
 */
export function BidCount({ bidding, bids }: { bidding: Pick<TaskBidding, 'bid_count' | 'max_bids'>; bids: readonly BidView[] }) {
  const uncounted = bids.some((bid) => !holdsBidSlot(bid));
  return (
    <p className="bids-tab__count">
      Antal bud <strong>{`${bidding.bid_count}/${bidding.max_bids}`}</strong>
      {uncounted && <span className="bids-tab__count-note">{UNCOUNTED_BIDS_NOTE}</span>}
    </p>
  );
}

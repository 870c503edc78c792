import type { BidView } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';

/**
 * POST /bids/{id}/accept (an admin may choose for the owner): the task becomes assigned to the bid's carrier, the
 * other pending bids are rejected. The gross total the admin was shown goes along; if the carrier changed the price
 * meanwhile the server answers 409 `bid_changed` instead of accepting a total nobody saw. `BidDecision` runs it as a
 * mutation that refreshes the task, its bids and the task lists.
 */
export function acceptBid(bidId: number, expectedTotal: number): Promise<BidView> {
  return api.post<BidView>(`/bids/${bidId}/accept`, { expectedTotal });
}

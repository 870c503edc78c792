import type { BidView } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';

/** POST /bids/{id}/reject: the bid is rejected and its slot frees up (run by `BidDecision`, which refreshes the task). */
export function rejectBid(bidId: number): Promise<BidView> {
  return api.post<BidView>(`/bids/${bidId}/reject`);
}

import { internalBidSchema, type InternalBid } from '@fragtbud/contracts';
import type { PeerClient } from '@fragtbud/platform';

/** svc-bids as svc-payments uses it: a task's accepted bid with its quote snapshot in øre; null: none accepted. */
export interface BidsPeer {
  findAcceptedBid(taskId: number, requestId?: string): Promise<InternalBid | null>;
}

export function bidsPeer(client: PeerClient): BidsPeer {
  return {
    findAcceptedBid: (taskId, requestId) =>
      client.find(internalBidSchema, `/internal/tasks/${taskId}/accepted-bid`, 'bid_not_found', requestId),
  };
}

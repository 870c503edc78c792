import { internalBidSchema, type InternalBid } from '@fragtbud/contracts';
import { isAppError, type Logger } from '@fragtbud/platform';
import { peerUnavailable, type PeerClient } from './peer-client';

/** svc-bids as svc-payments uses it: a task's accepted bid with its quote snapshot in øre; null: none accepted. */
export interface BidsPeer {
  findAcceptedBid(taskId: number, requestId?: string): Promise<InternalBid | null>;
}

export function bidsPeer(client: PeerClient, logger: Logger): BidsPeer {
  return {
    async findAcceptedBid(taskId, requestId) {
      try {
        return await client.get(internalBidSchema, `/internal/tasks/${taskId}/accepted-bid`, requestId);
      } catch (error) {
        if (isAppError(error) && error.status === 404 && error.code === 'bid_not_found') return null;
        return peerUnavailable(error, logger, 'bids');
      }
    },
  };
}

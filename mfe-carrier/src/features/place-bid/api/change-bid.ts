import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarrierBid } from '@fragtbud/contracts';
import { api, invalidateTask } from '@fragtbud/web';

/** Spec section 8. */
export const BID_NOT_UPDATED = 'Kunne ikke opdatere bud';
export const BID_UPDATED = 'Bud opdateret';

export interface ChangeBidRequest {
  bidId: number;
  taskId: number;
  /** The carrier's new net price in DKK. */
  price: number;
  /** ISO 8601 instant (UTC); absent = the bid keeps its validity. */
  valid_until?: string;
}

/** PUT /bids/{id}: the carrier's own pending bid with a new price and/or validity, quoted again. */
export function changeBid({ bidId, taskId: _taskId, ...body }: ChangeBidRequest): Promise<CarrierBid> {
  return api.put<CarrierBid>(`/bids/${bidId}`, body);
}

/** Changing a bid changes the task's bids (and its lowest bid). */
export function useChangeBid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeBid,
    onSuccess: (_bid, { taskId }) => void invalidateTask(client, taskId),
  });
}

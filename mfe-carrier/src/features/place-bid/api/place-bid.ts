import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarrierBid } from '@fragtbud/contracts';
import { api, invalidateTask } from '@fragtbud/web';

/** Spec section 8. */
export const BID_NOT_PLACED = 'Kunne ikke afgive bud. Prøv igen.';
export const BID_PLACED = 'Bud afgivet';

export interface PlaceBidRequest {
  taskId: number;
  /** The carrier's net price in DKK. */
  price: number;
  /** ISO 8601 instant (UTC) when the bid stops being valid. */
  valid_until: string;
}

/**
 * POST /bids: the bid as its carrier sees it (their price, fee and payout). `idempotencyKey`: one per logical submit,
 * the same for its retries, so a double click places one bid.
 */
export function placeBid({ idempotencyKey, ...body }: PlaceBidRequest & { idempotencyKey: string }): Promise<CarrierBid> {
  return api.post<CarrierBid>('/bids', body, { idempotencyKey });
}

/** Placing a bid changes the task (count, lowest bid), its bids and the task lists. */
export function usePlaceBid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeBid,
    // Not awaited: the panel reports the bid at once, and the shell's own refresh joins the refetch under way.
    onSuccess: (_bid, { taskId }) => void invalidateTask(client, taskId),
  });
}

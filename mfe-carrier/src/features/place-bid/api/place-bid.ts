import type { CarrierBid } from '@fragtbud/contracts';
import { api, useApiMutation } from '@fragtbud/web';

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

/** POST /bids: the bid as its carrier sees it (their price, fee and payout). */
export function placeBid(body: PlaceBidRequest): Promise<CarrierBid> {
  return api.post<CarrierBid>('/bids', body);
}

export function usePlaceBid() {
  return useApiMutation(placeBid);
}

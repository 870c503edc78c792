import type { BidView } from '@fragtbud/contracts';
import { api } from '../api/api-client';
import { isApiError } from '../api/api-error';

/** Spec section 8. */
export const BID_NOT_ACCEPTED = 'Kunne ikke acceptere bud';
export const BID_NOT_REJECTED = 'Kunne ikke afvise bud';

/**
 * POST /bids/{id}/accept: the task becomes assigned to the bid's carrier, the other pending bids are rejected. The
 * gross total the user was shown goes along; if the carrier changed the price meanwhile the server answers 409
 * `bid_changed` instead of accepting a total the user never saw.
 */
export function acceptBid(bidId: number, expectedTotal: number): Promise<BidView> {
  return api.post<BidView>(`/bids/${bidId}/accept`, { expectedTotal });
}

/** The server refused a choice because the bid's price changed after it was shown: reload the bids. */
export function isBidChanged(error: unknown): boolean {
  return isApiError(error) && error.code === 'bid_changed';
}

/** POST /bids/{id}/reject: the bid is rejected and its slot frees up. */
export function rejectBid(bidId: number): Promise<BidView> {
  return api.post<BidView>(`/bids/${bidId}/reject`);
}

/**
 * The spec's text for a failed choice, and the server's reason when it gave one the user can act on (another bid was
 * chosen, the bid expired, the task is no longer open). 401/403 keep the API client's general texts.
 */
export function decisionFailure(error: unknown, fallback: string): { message: string; reason: string | null } {
  if (!isApiError(error)) return { message: fallback, reason: null };
  if (error.status === 401 || error.status === 403) return { message: fallback, reason: error.message };
  const specific = [400, 404, 409, 422].includes(error.status) && error.serverMessage && error.serverMessage !== fallback;
  return { message: fallback, reason: specific ? (error.serverMessage ?? null) : null };
}

import type { BidView } from '@fragtbud/contracts';
import { isApiError } from '../api/api-error';

/** Spec section 8. */
export const BID_NOT_ACCEPTED = 'Kunne ikke acceptere bud';
export const BID_NOT_REJECTED = 'Kunne ikke afvise bud';

/**
 * The calls behind 'Vælg bud' and 'Afvis' (POST /bids/{id}/accept with the gross total shown, POST /bids/{id}/reject).
 * They live in the feature that owns the choice (mfe-customer's choose-bid, mfe-admin's task bids), which
 * hands them to `BidDecision`.
 */
export interface BidDecisionCalls {
  accept: (bidId: number, expectedTotal: number) => Promise<BidView>;
  reject: (bidId: number) => Promise<BidView>;
}

/** The server refused a choice because the bid's price changed after it was shown: reload the bids. */
export function isBidChanged(error: unknown): boolean {
  return isApiError(error) && error.code === 'bid_changed';
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

import type { QuoteResponse } from '@fragtbud/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

/** Spec section 8: the preview clears and says this when the quote fails. */
export const QUOTE_FAILED = 'Kunne ikke beregne pris.';

/** POST /pricing/quote: a carrier gets their own payout side (net, fee, payout ex and incl. VAT) for a net price. */
export function quotePayout(body: { net: number; taskId: number }, signal?: AbortSignal): Promise<QuoteResponse> {
  return api.post<QuoteResponse>('/pricing/quote', body, { signal });
}

/** The answer for one net price; `response` null when the quote failed. */
export interface PayoutQuote {
  net: number;
  response: QuoteResponse | null;
}

/**
 * The payout for `net` (null = no valid price yet: nothing is asked), cached per price. The
 * answer names the price it is for, so a preview never shows the figures (or the failure) of a price since changed.
 */
export function usePayoutQuote(taskId: number, net: number | null): PayoutQuote | null {
  const { data } = useQuery({
    queryKey: queryKeys.payoutQuote(taskId, net),
    queryFn: ({ signal }) =>
      quotePayout({ net: net as number, taskId }, signal).then(
        (response): PayoutQuote => ({ net: net as number, response }),
        (error: unknown) => {
          if (signal.aborted) throw error;
          return { net: net as number, response: null };
        },
      ),
    enabled: net !== null,
    // The same price gives the same payout while the modal is open; a failure is shown, not retried.
    staleTime: 60_000,
    retry: false,
  });
  return net !== null && data?.net === net ? data : null;
}

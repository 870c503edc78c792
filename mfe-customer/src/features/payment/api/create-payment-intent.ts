import { useQuery } from '@tanstack/react-query';
import { paymentCurrency, type PaymentIntentResponse } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/**
 * POST /payments/intents: the card step for the task's accepted bid (the server computes the amount). One
 * Idempotency-Key per opening of the payment, so a repeat gives the same intent.
 */
export function createPaymentIntent(taskId: number, idempotencyKey: string): Promise<PaymentIntentResponse> {
  return api.post<PaymentIntentResponse>('/payments/intents', { taskId, currency: paymentCurrency }, { idempotencyKey });
}

/**
 * The intent of one opening of the payment modal (`attempt`, also its Idempotency-Key): created once when it opens (StrictMode's second mount
 * joins the same request), never again on focus or as a retry, and forgotten when the modal closes.
 */
export const usePaymentIntent = (taskId: number, attempt: string) =>
  useQuery({
    queryKey: queryKeys.paymentIntent(taskId, attempt),
    queryFn: () => createPaymentIntent(taskId, attempt),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

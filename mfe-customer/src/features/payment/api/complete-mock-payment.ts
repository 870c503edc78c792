import { useMutation } from '@tanstack/react-query';
import type { PaymentStateResponse } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';

/** POST /payments/mock/{id}/complete: the mock provider's card step. */
export function completeMockPayment(paymentIntentId: string, card: string): Promise<PaymentStateResponse> {
  return api.post<PaymentStateResponse>(`/payments/mock/${encodeURIComponent(paymentIntentId)}/complete`, { card });
}

/** The task itself is refreshed by the polls that follow (and the shell's `onPaid`). */
export const useCompleteMockPayment = () =>
  useMutation({ mutationFn: ({ paymentIntentId, card }: { paymentIntentId: string; card: string }) => completeMockPayment(paymentIntentId, card) });

import { useMutation } from '@tanstack/react-query';
import type { PaymentStateResponse } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';

/** POST /payments/confirm: asks the server to look at the provider's intent now (the webhook may be slower). */
export function confirmPayment(paymentIntentId: string): Promise<PaymentStateResponse> {
  return api.post<PaymentStateResponse>('/payments/confirm', { paymentIntentId });
}

/** The task itself is refreshed by the polls that follow (and the shell's `onPaid`). */
export const useConfirmPayment = () => useMutation({ mutationFn: confirmPayment });

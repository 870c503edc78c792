import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payout } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';
import { invalidateMoney } from './invalidate-money';

export const markPayoutPaid = (id: number, providerRef: string) =>
  api.put<Payout>(`/finance/payouts/${id}/status`, { status: 'paid', ...(providerRef.trim() ? { providerRef: providerRef.trim() } : {}) });

/** PUT /finance/payouts/{id}/status to 'paid', with the provider's reference when one is typed. */
export function useMarkPayoutPaid(payoutId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (providerRef: string) => markPayoutPaid(payoutId, providerRef),
    onSuccess: () => invalidateMoney(client),
  });
}

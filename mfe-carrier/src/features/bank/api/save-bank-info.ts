import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

/** The body as `bankInfoBodySchema` leaves it (digits only). */
export type BankInfoBody = { bankReg: string; bankAccount: string };

export const saveBankInfo = (body: BankInfoBody) => api.put<unknown>('/users/bank-info', body, { preferServerMessage: true });

/** PUT /users/bank-info: the saved details are asked for again. */
export function useSaveBankInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBankInfo,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myBank() }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

export interface BankInfo {
  bankReg: string | null;
  bankAccount: string | null;
}

export const getBankInfo = (signal?: AbortSignal) => api.get<BankInfo>('/users/bank-info', { signal });

export const bankInfoQueryOptions = () => queryOptions({ queryKey: queryKeys.myBank(), queryFn: ({ signal }) => getBankInfo(signal) });

/** GET /users/bank-info: the carrier's reg.nr. and account. */
export const useBankInfo = () => useQuery(bankInfoQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierFinance } from '@fragtbud/contracts';
import { API_BASE, api, queryKeys } from '@fragtbud/web';

export const getOwnFinance = (signal?: AbortSignal) => api.get<CarrierFinance>('/finance/me', { signal });

export const ownFinanceQueryOptions = () => queryOptions({ queryKey: queryKeys.myFinance(), queryFn: ({ signal }) => getOwnFinance(signal) });

/** GET /finance/me: the carrier's balance and pending payout (net) and the rows behind them. */
export const useOwnFinance = () => useQuery(ownFinanceQueryOptions());

/** The same rows as CSV (a download the browser makes with the session cookie). */
export const ownFinanceCsvUrl = () => `${API_BASE}/finance/me.csv`;

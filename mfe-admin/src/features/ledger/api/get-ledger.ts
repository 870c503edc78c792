import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LedgerPage } from '@fragtbud/contracts';
import { API_BASE, api, queryKeys } from '@fragtbud/web';

/** The ledger's filters (spec section 2: from, to, carrier, customer, task, status, type), as the URL keeps them. */
export const LEDGER_FILTER_KEYS = ['from', 'to', 'carrierId', 'customerId', 'taskId', 'status', 'type'] as const;
export type LedgerFilterKey = (typeof LEDGER_FILTER_KEYS)[number];
export type LedgerFilters = Partial<Record<LedgerFilterKey, string>>;

export const LEDGER_PAGE_SIZE = 20;

function queryOf(filters: LedgerFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of LEDGER_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const getLedger = (filters: LedgerFilters, page: number, signal?: AbortSignal) =>
  api.get<LedgerPage>(`/finance/ledger${queryOf(filters, { page: String(page), limit: String(LEDGER_PAGE_SIZE) })}`, { signal });

export const ledgerQueryOptions = (filters: LedgerFilters, page: number) =>
  queryOptions({ queryKey: queryKeys.adminLedger({ filters, page }), queryFn: ({ signal }) => getLedger(filters, page, signal) });

/** GET /finance/ledger: one page of the filtered rows; the last page stays on screen while the next one loads. */
export const useLedger = (filters: LedgerFilters, page: number) => useQuery({ ...ledgerQueryOptions(filters, page), placeholderData: keepPreviousData });

/** The 'admin_ledger' CSV of the filtered rows (a download the browser makes with the session cookie). */
export const ledgerCsvUrl = (filters: LedgerFilters) => `${API_BASE}/finance/ledger.csv${queryOf(filters)}`;

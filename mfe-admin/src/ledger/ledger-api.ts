import type { FinancialOverview, LedgerPage, Payout, PlatformSaldo } from '@fragtbud/contracts';
import { API_BASE, api } from '@fragtbud/web';

/** The ledger's filters (spec section 2: from, to, carrier, customer, task, status, type), as the URL keeps them. */
export const LEDGER_FILTER_KEYS = ['from', 'to', 'carrierId', 'customerId', 'taskId', 'status', 'type'] as const;
export type LedgerFilterKey = (typeof LEDGER_FILTER_KEYS)[number];
export type LedgerFilters = Partial<Record<LedgerFilterKey, string>>;

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
  api.get<LedgerPage>(`/finance/ledger${queryOf(filters, { page: String(page), limit: '20' })}`, { signal });

/** The 'admin_ledger' CSV of the filtered rows (a download the browser makes with the session cookie). */
export const ledgerCsvUrl = (filters: LedgerFilters) => `${API_BASE}/finance/ledger.csv${queryOf(filters)}`;

export const markPayoutPaid = (id: number, providerRef: string) =>
  api.put<Payout>(`/finance/payouts/${id}/status`, { status: 'paid', ...(providerRef.trim() ? { providerRef: providerRef.trim() } : {}) });

export const getFinancialOverview = (signal?: AbortSignal) => api.get<FinancialOverview>('/admin/financial-overview', { signal });
export const getPlatformSaldo = (signal?: AbortSignal) => api.get<PlatformSaldo>('/admin/platform-saldo', { signal });
export const platformSaldoCsvUrl = () => `${API_BASE}/admin/platform-saldo.csv`;

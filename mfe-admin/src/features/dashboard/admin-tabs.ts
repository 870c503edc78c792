import type { AdminCounts } from '../../shared/api/admin-counts-api';

export type AdminTabKey = 'tasks' | 'carriers' | 'users' | 'deletionRequests' | 'fees' | 'financial' | 'billingChanges' | 'ledger';

export interface AdminTab {
  key: AdminTabKey;
  label: string;
  /** Which count, if any, is shown as a badge on the tab. */
  count?: keyof AdminCounts;
  /** Wording for the badge, read out to screen readers. */
  countDescription?: (count: number) => string;
}

/** Admin dashboard tabs of spec section 2, in order; 'tasks' is the default. */
export const ADMIN_TABS: readonly AdminTab[] = [
  { key: 'tasks', label: 'Opgavehåndtering', count: 'tasks', countDescription: (n) => `${n} afventer gennemsyn` },
  { key: 'carriers', label: 'Carrier-godkendelse', count: 'carriers', countDescription: (n) => `${n} afventer godkendelse` },
  { key: 'users', label: 'Brugeradministration', count: 'users', countDescription: (n) => `${n} blokerede` },
  { key: 'deletionRequests', label: 'Sletteanmodninger', count: 'deletionRequests', countDescription: (n) => `${n} afventer behandling` },
  { key: 'fees', label: 'Gebyrhåndtering' },
  { key: 'financial', label: 'Økonomioversigt' },
  { key: 'billingChanges', label: 'Fakturaændringer' },
  { key: 'ledger', label: 'Ledger' },
];

export const DEFAULT_ADMIN_TAB: AdminTabKey = 'tasks';

export function isAdminTabKey(value: unknown): value is AdminTabKey {
  return typeof value === 'string' && ADMIN_TABS.some((tab) => tab.key === value);
}

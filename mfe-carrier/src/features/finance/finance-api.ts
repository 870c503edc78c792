import type { CarrierFinance, Payout, PayoutLinkResponse } from '@fragtbud/contracts';
import { API_BASE, api } from '@fragtbud/web';

export const getOwnFinance = (signal?: AbortSignal) => api.get<CarrierFinance>('/finance/me', { signal });

/** One payout of all of pendingNet; the key makes a double click (or a retry) the same request. */
export const requestPayout = (idempotencyKey: string) =>
  api.post<{ payout: Payout; message: string }>('/finance/payout-requests', undefined, { idempotencyKey });

/** Stripe Connect onboarding: {url}, or {message: 'Payout-udbyder ikke konfigureret'} without a provider. */
export const getPayoutLink = () => api.post<PayoutLinkResponse>('/finance/payout-link');

export const ownFinanceCsvUrl = () => `${API_BASE}/finance/me.csv`;

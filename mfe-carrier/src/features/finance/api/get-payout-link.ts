import { useMutation } from '@tanstack/react-query';
import type { PayoutLinkResponse } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';

/** Stripe Connect onboarding: {url}, or {message: 'Payout-udbyder ikke konfigureret'} without a provider. */
export const getPayoutLink = () => api.post<PayoutLinkResponse | undefined>('/finance/payout-link');

/** POST /finance/payout-link: a new onboarding link each time (nothing cached changes). */
export const usePayoutLink = () => useMutation({ mutationFn: getPayoutLink });

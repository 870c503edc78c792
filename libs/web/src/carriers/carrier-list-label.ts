import { defaultCarrierFee } from '@fragtbud/contracts';

const percentFormat = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 2 });

/** A percentage the Danish way, without a needless ',00': 8 → '8', 12.5 → '12,5'. */
export function formatPercent(value: number): string {
  return Number.isFinite(value) ? percentFormat.format(value) : '–';
}

/** How a carrier list is shown everywhere admins see it (spec section 9): 'A (8% gebyr)'. */
export function carrierListLabel(list: { name: string; feePercentage: number }): string {
  return `${list.name} (${formatPercent(list.feePercentage)}% gebyr)`;
}

/** What a carrier on no list pays (spec section 9: 10 % and no fixed fee). */
export const NO_LIST_LABEL = `Ingen liste (standard ${formatPercent(defaultCarrierFee.feePercentage)}% gebyr)`;

import type { User } from '@fragtbud/web';

export interface PersonLink {
  label: string;
  to: string;
}

const ledger = (params: Record<string, string | number>) =>
  `/AdminDashboard?${new URLSearchParams({ tab: 'ledger', ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;

/**
 * Links that open the ledger filtered to a person, or one of the money actions filled in with them
 * (`action=<key>` and the person's id; the ledger filters to them at the same time).
 */
export function personMoneyLinks(user: Pick<User, 'id' | 'role'>): PersonLink[] {
  if (user.role === 'carrier') {
    return [
      { label: 'Ledger', to: ledger({ carrierId: user.id }) },
      { label: 'Udbetaling', to: ledger({ carrierId: user.id, action: 'carrier-payout' }) },
      { label: 'Justering', to: ledger({ carrierId: user.id, action: 'adjustment' }) },
    ];
  }
  if (user.role === 'customer') {
    return [
      { label: 'Ledger', to: ledger({ customerId: user.id }) },
      { label: 'Justering', to: ledger({ customerId: user.id, action: 'adjustment' }) },
      { label: 'Ekstra gebyr', to: ledger({ customerId: user.id, action: 'charge' }) },
    ];
  }
  return [];
}

import type { Role } from '@fragtbud/web';

export type ProfileTabKey = 'profile' | 'security' | 'billing' | 'bank' | 'insurance' | 'financial' | 'payments' | 'cvr' | 'vehicles' | 'alerts';

/**
 * Spec 2: profile, security and billing for everyone; carriers also bank details, insurance, their company in
 * the CVR register, their finances ('Økonomi') and load alerts ('Jobalarmer', issue 29); customers also their
 * payments ('Betalinger').
 */
export function profileTabsFor(role: Role): Array<{ key: ProfileTabKey; label: string }> {
  const tabs: Array<{ key: ProfileTabKey; label: string }> = [
    { key: 'profile', label: 'Profil' },
    { key: 'security', label: 'Sikkerhed' },
    { key: 'billing', label: 'Fakturering' },
  ];
  if (role === 'carrier') {
    tabs.push({ key: 'financial', label: 'Økonomi' }, { key: 'bank', label: 'Bank' }, { key: 'insurance', label: 'Forsikring' }, { key: 'cvr', label: 'CVR' }, { key: 'vehicles', label: 'Køretøjer' }, { key: 'alerts', label: 'Jobalarmer' });
  }
  if (role === 'customer') tabs.push({ key: 'payments', label: 'Betalinger' });
  return tabs;
}

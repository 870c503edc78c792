import type { Role } from '@fragtbud/contracts';

export interface DemoAccount {
  role: Role;
  name: string;
  email: string;
  password: string;
  company?: string;
  /** Reg.nr. and kontonummer (profile 'Bank'), so the demo carrier can ask for a payout straight away. */
  bank?: { reg: string; account: string };
}

/** Created at start with DEMO_SEED=1 (the embedded default) when missing; the runner prints them. */
export const demoAccounts: readonly DemoAccount[] = [
  { role: 'customer', name: 'Demo Kunde', email: 'kunde@fragtbud.dk', password: 'demo1234' },
  {
    role: 'carrier',
    name: 'Demo Vognmand',
    email: 'vognmand@fragtbud.dk',
    password: 'demo1234',
    company: 'Demo Vognmand ApS',
    bank: { reg: '1234', account: '0012345678' },
  },
  { role: 'admin', name: 'Demo Administrator', email: 'admin@fragtbud.dk', password: 'demo1234' },
];

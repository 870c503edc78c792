import type { QueryValue, Role } from '@fragtbud/web';

export interface StatCard {
  key: 'all' | 'active' | 'completed' | 'awaiting' | 'available' | 'awaitingPayment';
  label: string;
  description: string;
  /** GET /tasks filters the count is taken with (limit=1, its `total`). */
  query: Record<string, QueryValue>;
  /** The task list showing exactly what was counted. */
  href: string;
}

function hrefOf(base: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(name, String(value));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/**
 * The stat cards of spec section 2 per role. Customers and carriers count their own tasks (`mine=true`: a
 * customer's tasks; for a carrier, the API counts tasks assigned to them or bid on), an admin counts all.
 * /tasks is for carriers and admins only, so a customer's cards open /BrowseTasks with the same filters.
 */
export function statCardsFor(role: Role): StatCard[] {
  const own = role === 'admin' ? {} : { mine: true };
  const base = role === 'customer' ? '/BrowseTasks' : '/tasks';
  const card = (key: StatCard['key'], label: string, description: string, filter: Record<string, QueryValue>): StatCard => {
    const query = { ...own, ...filter };
    return { key, label, description, query, href: hrefOf(base, query) };
  };

  const cards = [
    card('all', 'Alle opgaver', role === 'admin' ? 'Alle opgaver på platformen' : 'Dine opgaver i alt', {}),
    card('active', 'Aktive', 'Hverken afsluttet eller annulleret', { status: 'active' }),
    card('completed', 'Afsluttede', 'Gennemført og afsluttet', { status: 'completed' }),
    card('awaiting', 'Afventer accept', 'Åbne for bud', { status: 'open_for_bids' }),
  ];
  if (role === 'carrier') {
    cards.push({ key: 'available', label: 'Kan bydes på', description: 'Åbne opgaver uden dit bud', query: { available: true }, href: '/tasks?available=true' });
  }
  if (role === 'customer') cards.push(card('awaitingPayment', 'Afventer betaling', 'Bud accepteret, ikke betalt', { status: 'assigned' }));
  return cards;
}

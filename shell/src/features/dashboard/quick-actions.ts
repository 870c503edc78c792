import type { Role } from '@fragtbud/web';

export interface QuickAction {
  to: string;
  label: string;
  description: string;
}

/** Quick actions of spec section 2 per role. */
export function quickActionsFor(role: Role): QuickAction[] {
  const seeAll: QuickAction = {
    to: role === 'customer' ? '/BrowseTasks' : '/tasks',
    label: 'Se alle opgaver',
    description: role === 'customer' ? 'Se opgaver på Fragtbud.' : 'Gå til opgaveoversigten med filtre.',
  };
  switch (role) {
    case 'customer':
      return [
        { to: '/create-task', label: 'Opret ny opgave', description: 'Beskriv din opgave, og få tilbud fra vognmænd.' },
        seeAll,
      ];
    case 'carrier':
      return [
        seeAll,
        { to: '/tasks?available=true', label: 'Vis opgaver åbne for bud', description: 'Find opgaver, du kan byde på.' },
      ];
    case 'admin':
      return [
        seeAll,
        { to: '/admin/users', label: 'Brugeradministration', description: 'Godkend vognmænd, og administrér brugere.' },
      ];
  }
}

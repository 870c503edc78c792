import type { User } from '@fragtbud/web';

export type CarrierState = 'pending' | 'approved' | 'blocked';

/** Carrier approval state of spec section 4: blocked wins; otherwise approved or still pending. */
export function carrierState(user: User): CarrierState {
  if (user.is_blocked) return 'blocked';
  return user.is_approved ? 'approved' : 'pending';
}

export function UserStatusBadge({ user }: { user: User }) {
  if (user.is_blocked) return <span className="fb-badge fb-badge--danger">Blokeret</span>;
  if (user.role === 'carrier' && !user.is_approved) {
    return <span className="fb-badge fb-badge--warning">Afventer godkendelse</span>;
  }
  return <span className="fb-badge fb-badge--success">Aktiv</span>;
}

import type { CarrierBadges as Badges } from '@fragtbud/contracts';

/** 'Forsikret' and 'CVR verificeret' (issue 13); nothing for a mark the carrier has not earned. */
export function CarrierBadges({ badges }: { badges: Badges }) {
  if (!badges.insured && !badges.cvr_verified) return null;
  return (
    <span className="fb-carrier-badges">
      {badges.insured && <span className="fb-badge fb-badge--success">Forsikret</span>}
      {badges.cvr_verified && <span className="fb-badge fb-badge--success">CVR verificeret</span>}
    </span>
  );
}

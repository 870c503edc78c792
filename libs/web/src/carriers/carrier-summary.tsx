import type { CarrierSummary } from '@fragtbud/contracts';
import { vehicleSummary } from '@fragtbud/contracts';
import { Link } from 'react-router-dom';
import { CarrierBadges } from './carrier-badges';
import { formatRating, StarRating } from './star-rating';
import './carriers.css';

/** The path of a carrier's public page. */
export const carrierPath = (carrierId: number) => `/carrier/${carrierId}`;

export const reviewCountLabel = (count: number) => (count === 1 ? '1 anmeldelse' : `${count} anmeldelser`);
export const completedTasksLabel = (count: number) => (count === 1 ? '1 udført opgave' : `${count} udførte opgaver`);

/** Average stars and how many reviews, or 'Ingen anmeldelser endnu'. */
export function CarrierRating({ rating }: { rating: CarrierSummary['rating'] }) {
  if (rating.count === 0) return <span className="fb-muted">Ingen anmeldelser endnu</span>;
  return (
    <span className="fb-carrier-rating">
      <StarRating value={rating.avg} />
      <span>
        {formatRating(rating.avg)} ({reviewCountLabel(rating.count)})
      </span>
    </span>
  );
}

/**
 * A bid table's carrier cell: the name (linking to the carrier page), the company, stars with the review count,
 * completed tasks and the badges. Without a summary (not known yet) only the name the bid carries.
 */
export function CarrierSummaryCell({ carrierId, name, summary }: { carrierId: number; name: string; summary: CarrierSummary | undefined }) {
  return (
    <span className="fb-carrier-cell">
      <Link className="fb-carrier-cell__name" to={carrierPath(carrierId)}>
        {summary?.name ?? name}
      </Link>
      {summary && (
        <>
          {summary.company && <span className="fb-carrier-cell__company">{summary.company}</span>}
          <CarrierRating rating={summary.rating} />
          <span className="fb-carrier-cell__meta">{completedTasksLabel(summary.completed_tasks)}</span>
          {summary.vehicles && summary.vehicles.length > 0 && (
            <span className="fb-carrier-cell__meta">{summary.vehicles.map(vehicleSummary).join(', ')}</span>
          )}
          <CarrierBadges badges={summary.badges} />
        </>
      )}
    </span>
  );
}

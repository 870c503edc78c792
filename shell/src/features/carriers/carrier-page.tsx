import { useParams } from 'react-router-dom';
import { regionLabels, vehicleSummary } from '@fragtbud/contracts';
import {
  CarrierBadges,
  CarrierRating,
  EmptyState,
  ErrorState,
  Spinner,
  StarRating,
  completedTasksLabel,
  formatDate,
  isApiError,
  taskTypeLabel,
} from '@fragtbud/web';
import { useCarrierProfile } from './api/get-carrier-profile';
import './carrier-page.css';

const memberSinceFormat = new Intl.DateTimeFormat('da-DK', { month: 'long', year: 'numeric' });

/**
 * /carrier/{id}: a carrier's public page (issue 13) — company, CVR, member since, average rating and count, completed
 * tasks, latest reviews and the 'Forsikret' / 'CVR verificeret' badges. Public and read-only; no contact details.
 */
export function CarrierPage() {
  // In the layout's page frame (side margins on a phone, space under the header), as every other page.
  return (
    <div className="fb-container page">
      <CarrierPageContent />
    </div>
  );
}

function CarrierPageContent() {
  const { id = '' } = useParams();
  const carrierId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const { data: carrier, error, isPending, refetch } = useCarrierProfile(carrierId);

  if (carrierId === 0 || (isApiError(error) && (error.status === 404 || error.status === 400))) {
    return (
      <section className="carrier-page">
        <EmptyState pageTitle title="Vognmanden blev ikke fundet" message="Linket er forkert, eller vognmandens konto findes ikke længere." />
      </section>
    );
  }
  if (isPending) return <Spinner label="Henter vognmand…" />;
  if (error || !carrier) return <ErrorState message="Kunne ikke hente vognmanden." onRetry={() => void refetch()} />;

  return (
    <section className="carrier-page" aria-labelledby="carrier-title">
      <header className="fb-card carrier-page__header">
        <div>
          <h1 id="carrier-title" className="carrier-page__title">
            {carrier.company ?? carrier.name}
          </h1>
          {carrier.company && <p className="carrier-page__name">{carrier.name}</p>}
          <CarrierBadges badges={carrier.badges} />
        </div>
        <CarrierRating rating={carrier.rating} />
      </header>

      <dl className="fb-card carrier-page__facts">
        <div>
          <dt>CVR-nummer</dt>
          <dd>{carrier.cvr_number ?? 'Ikke oplyst'}</dd>
        </div>
        <div>
          <dt>Medlem siden</dt>
          <dd>{carrier.member_since ? memberSinceFormat.format(new Date(carrier.member_since)) : 'Ikke oplyst'}</dd>
        </div>
        <div>
          <dt>Udførte opgaver</dt>
          <dd>{completedTasksLabel(carrier.completed_tasks)}</dd>
        </div>
        <div>
          <dt>Forsikring</dt>
          <dd>{carrier.badges.insured ? 'Gyldig forsikring registreret' : 'Ingen gyldig forsikring registreret'}</dd>
        </div>
        <div>
          <dt>Køretøjer</dt>
          <dd>
            {carrier.vehicles && carrier.vehicles.length > 0
              ? carrier.vehicles.map((vehicle) => `${vehicleSummary(vehicle)} · maks. ${vehicle.maxKg.toLocaleString('da-DK')} kg`).join(', ')
              : 'Ikke oplyst'}
          </dd>
        </div>
        <div>
          <dt>Kører i</dt>
          <dd>{carrier.coverageRegions && carrier.coverageRegions.length > 0 ? carrier.coverageRegions.map((region) => regionLabels[region]).join(', ') : 'Ikke oplyst'}</dd>
        </div>
      </dl>

      <section className="fb-card carrier-page__reviews" aria-labelledby="carrier-reviews-title">
        <h2 id="carrier-reviews-title">Seneste anmeldelser</h2>
        {carrier.reviews.length === 0 ? (
          <p className="fb-muted">Vognmanden har ingen anmeldelser endnu.</p>
        ) : (
          <ul className="carrier-page__review-list">
            {carrier.reviews.map((review) => (
              <li key={review.id} className="carrier-page__review">
                <StarRating value={review.rating} />
                {review.comment && <p className="carrier-page__comment">{review.comment}</p>}
                <p className="fb-muted carrier-page__review-meta">
                  {[review.customer_name, taskTypeLabel(review.task_type), formatDate(review.date)].filter(Boolean).join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

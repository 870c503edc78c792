import { noReviewsYetMessage } from '@fragtbud/contracts';
import { formatDate, Spinner } from '@fragtbud/web';
import { usePublicReviews } from './api/get-public-reviews';

/** Stars out of 5, with a half star at .5 or more (spec section 5). */
function Stars({ value }: { value: number }) {
  const full = Math.floor(value);
  const half = value - full >= 0.5;
  return (
    <span className="stars" aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        <span key={i} className={i < full ? 'stars__star is-full' : i === full && half ? 'stars__star is-half' : 'stars__star'}>
          ★
        </span>
      ))}
    </span>
  );
}

const ratingFormat = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function ReviewsBlock() {
  const { data: reviews, error, isPending } = usePublicReviews();

  let content;
  if (isPending) {
    content = <Spinner label="Henter anmeldelser…" />;
  } else if (error) {
    content = (
      <p className="reviews__message reviews__message--error" role="alert">
        Fejl: {error instanceof Error ? error.message : 'Noget gik galt'}
      </p>
    );
  } else if (reviews.length === 0) {
    content = <p className="reviews__message">{noReviewsYetMessage}</p>;
  } else {
    const average = Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10;
    content = (
      <>
        <p className="reviews__summary">
          <Stars value={average} />
          <span>
            <strong>{ratingFormat.format(average)}</strong> ud af 5 baseret på {reviews.length}{' '}
            {reviews.length === 1 ? 'anmeldelse' : 'anmeldelser'}
          </span>
        </p>
        <ul className="reviews__list">
          {reviews.map((review) => (
            <li key={review.id} className="review-card">
              <Stars value={review.rating} />
              <span className="fb-visually-hidden">{review.rating} ud af 5 stjerner</span>
              <blockquote className="review-card__comment">“{review.comment}”</blockquote>
              <p className="review-card__meta">
                {review.authorName ?? 'Kunde hos Fragtbud'}
                {review.date && <> · {formatDate(review.date)}</>}
              </p>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="home-section home-section--tinted" aria-labelledby="reviews-title">
      <div className="fb-container">
        <h2 id="reviews-title" className="home-section__title">
          Det siger vores kunder
        </h2>
        <div className="reviews">{content}</div>
      </div>
    </section>
  );
}

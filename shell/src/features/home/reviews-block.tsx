import { useCallback, useEffect, useState } from 'react';
import { messages } from '@fragtbud/contracts';
import { formatDate, Spinner } from '@fragtbud/web';
import { getPublicReviews, type PublicReview } from './api/get-public-reviews';

type ReviewsState =
  | { kind: 'loading' }
  | { kind: 'loaded'; reviews: PublicReview[] }
  | { kind: 'failed'; message: string };

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
  const [state, setState] = useState<ReviewsState>({ kind: 'loading' });

  const load = useCallback((signal?: AbortSignal) => {
    setState({ kind: 'loading' });
    getPublicReviews(signal)
      .then((reviews) => setState({ kind: 'loaded', reviews }))
      .catch((error: unknown) => {
        if (signal?.aborted) return;
        setState({ kind: 'failed', message: error instanceof Error ? error.message : 'Noget gik galt' });
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  let content;
  if (state.kind === 'loading') {
    content = <Spinner label="Henter anmeldelser…" />;
  } else if (state.kind === 'failed') {
    content = (
      <p className="reviews__message reviews__message--error" role="alert">
        Fejl: {state.message}
      </p>
    );
  } else if (state.reviews.length === 0) {
    content = <p className="reviews__message">{messages.noReviewsYet}</p>;
  } else {
    const average = Math.round((state.reviews.reduce((sum, r) => sum + r.rating, 0) / state.reviews.length) * 10) / 10;
    content = (
      <>
        <p className="reviews__summary">
          <Stars value={average} />
          <span>
            <strong>{ratingFormat.format(average)}</strong> ud af 5 baseret på {state.reviews.length}{' '}
            {state.reviews.length === 1 ? 'anmeldelse' : 'anmeldelser'}
          </span>
        </p>
        <ul className="reviews__list">
          {state.reviews.map((review) => (
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

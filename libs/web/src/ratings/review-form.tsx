import { useId, useState, type FormEvent } from 'react';
import { messages, type Rating, type RatingUserType, type Task } from '@fragtbud/contracts';
import { isApiError } from '../api/api-error';
import { StarRating } from '../carriers/star-rating';
import { useSingleFlight } from '../hooks/use-single-flight';
import { Button } from '../ui/button';
import { useCreateRating } from './create-rating';
import { useTaskRatings } from './list-task-ratings';
import './review.css';

/** Spec section 5: the scale 1–5 and its Danish labels. */
export const RATING_LABELS = ['Meget dårlig', 'Dårlig', 'Okay', 'God', 'Fremragende'] as const;
export const RATING_FAILED = 'Kunne ikke indsende vurdering.';

const submitFailure = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : RATING_FAILED;

export const OWN_RATING_TITLE = 'Din vurdering';

/** What this side gave the task (GET /ratings?taskId&userType): its stars, its label and its comment. */
function OwnRating({ rating, thanks }: { rating: Rating; thanks: boolean }) {
  const id = useId();
  const label = RATING_LABELS[rating.rating - 1];
  return (
    <section className="task-section review-form review-form--given" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="task-section__title">
        {OWN_RATING_TITLE}
      </h2>
      {thanks && (
        <p className="review-form__thanks" role="status">
          {messages.ratingThanks}
        </p>
      )}
      <p className="review-form__given">
        <StarRating value={rating.rating} />
        {label && <span className="review-form__given-label">{label}</span>}
      </p>
      {rating.comment && <blockquote className="review-form__comment">{rating.comment}</blockquote>}
    </section>
  );
}

export interface ReviewFormProps {
  task: Pick<Task, 'id' | 'status'>;
  /** Who rates: the owner ('customer') rates the carrier, the assigned carrier ('carrier') the customer. */
  side: RatingUserType;
}

/**
 * The review form on the task's details tab, one implementation for both sides: mfe_customer mounts it for the owner,
 * mfe_carrier for the assigned carrier. Shown once the task is completed to a side that has not rated it yet; once it
 * has, what it gave (stars and comment) in its place.
 */
export function ReviewForm({ task, side: rater }: ReviewFormProps) {
  const side = task.status === 'completed' ? rater : null;
  const existing = useTaskRatings(task.id, side);
  const submit = useCreateRating();
  // One POST per press: a double click must not send the rating twice (the second would be a 409).
  const flight = useSingleFlight();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const [done, setDone] = useState(false);
  const id = useId();

  if (!side) return null;
  const given = existing.data?.items.find((rating) => rating.user_type === side);
  if (given) return <OwnRating rating={given} thanks={done} />;
  if (done) {
    return (
      <section className="task-section review-form" aria-label="Vurdering">
        <p className="review-form__thanks" role="status">
          {messages.ratingThanks}
        </p>
      </section>
    );
  }
  // Until we know there is nothing to ask.
  if (existing.isPending || existing.error) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (score === null) {
      setMissing(true);
      return;
    }
    const trimmed = comment.trim();
    flight.run(async () => {
      try {
        await submit.mutateAsync({ taskId: task.id, rating: score, userType: side, ...(trimmed ? { comment: trimmed } : {}) });
        setDone(true);
      } catch (error) {
        // 409: this side has rated already (another tab, an earlier request that answered late). If the rating is
        // there, the user's wish is fulfilled: thank them instead of showing a failure.
        if (!isApiError(error) || error.status !== 409) throw error;
        const ratings = await existing.refetch();
        if (ratings.data?.items.some((rating) => rating.user_type === side)) setDone(true);
        else throw error;
      }
    });
  };

  const title = side === 'customer' ? 'Vurder vognmanden' : 'Vurder kunden';
  const errorId = `${id}-rating-error`;
  return (
    <section className="task-section review-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="task-section__title">
        {title}
      </h2>
      <form noValidate onSubmit={onSubmit}>
        <fieldset className="review-form__scale" aria-describedby={missing ? errorId : undefined} aria-invalid={missing || undefined}>
          <legend className="fb-field__label">Din vurdering</legend>
          <div className="review-form__choices">
            {RATING_LABELS.map((label, index) => {
              const value = index + 1;
              return (
                <label key={value} className={score === value ? 'review-form__choice is-selected' : 'review-form__choice'}>
                  <input
                    type="radio"
                    name={`${id}-rating`}
                    value={value}
                    checked={score === value}
                    onChange={() => {
                      setScore(value);
                      setMissing(false);
                    }}
                  />
                  <span className="review-form__stars" aria-hidden="true">
                    {'★'.repeat(value)}
                  </span>
                  {label}
                </label>
              );
            })}
          </div>
          {missing && (
            <p className="fb-field__error" id={errorId}>
              {messages.ratingRequired}
            </p>
          )}
        </fieldset>
        <div className="fb-field">
          <label className="fb-field__label" htmlFor={`${id}-comment`}>
            Kommentar
          </label>
          <textarea
            id={`${id}-comment`}
            className="fb-input"
            rows={3}
            maxLength={1000}
            value={comment}
            aria-describedby={`${id}-comment-hint`}
            onChange={(event) => setComment(event.target.value)}
          />
          <p className="fb-field__hint" id={`${id}-comment-hint`}>
            Valgfri
          </p>
        </div>
        {submit.error !== null && (
          <p className="fb-field__error" role="alert">
            {submitFailure(submit.error)}
          </p>
        )}
        <Button type="submit" loading={submit.isPending || flight.busy}>
          Send vurdering
        </Button>
      </form>
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { messages, type Rating, type RatingUserType, type Task } from '@fragtbud/contracts';
import { Button, StarRating, isApiError, useSingleFlight, type User } from '@fragtbud/web';
import { isTaskOwner } from '../task-access';
import { useCreateRating } from './api/create-rating';
import { useTaskRatings } from './api/list-task-ratings';
import './review.css';

/** Spec section 5: the scale 1–5 and its Danish labels. */
export const RATING_LABELS = ['Meget dårlig', 'Dårlig', 'Okay', 'God', 'Fremragende'] as const;
export const RATING_FAILED = 'Kunne ikke indsende vurdering.';

type Viewer = Pick<User, 'id' | 'role'> | null;

/** Which side of the task the viewer rates from: the owner rates the carrier, the assigned carrier the customer. */
export function raterSide(task: Pick<Task, 'status' | 'user_id' | 'assigned_carrier_id'>, viewer: Viewer): RatingUserType | null {
  if (task.status !== 'completed' || viewer === null || viewer.role === 'admin') return null;
  if (isTaskOwner(task, viewer)) return 'customer';
  if (viewer.role === 'carrier' && task.assigned_carrier_id === viewer.id) return 'carrier';
  return null;
}

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

/**
 * The review form on the details tab: shown once the task is completed, to a party who has not rated it yet; once they
 * have, what they gave (stars and comment) in its place.
 */
export function ReviewForm({ task, viewer }: { task: Task; viewer: Viewer }) {
  const side = raterSide(task, viewer);
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

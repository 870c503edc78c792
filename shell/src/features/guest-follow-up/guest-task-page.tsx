import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { messages, type Task } from '@fragtbud/contracts';
import {
  BidsTable,
  EmptyState,
  ErrorState,
  Spinner,
  TaskStatusBadge,
  TaskStatusProgress,
  formatDate,
  isApiError,
  loginPathFor,
  registerPathFor,
  taskAddress,
  taskPlace,
  taskTypeLabel,
  useSession,
  type User,
} from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';
import { useClaimTaskViaLink } from './api/claim-task-via-link';
import { useBidsViaLink } from './api/list-bids-via-link';
import { useTaskViaLink } from './api/get-task-via-link';
import './guest-follow-up.css';

export const GUEST_CALL_TO_ACTION = 'Opret konto eller log ind for at vælge et bud og betale';
export const GUEST_LINK_INVALID = 'Linket til opgaven er ikke gyldigt. Her ser du kun de offentlige oplysninger om opgaven.';
export const CLAIM_BUTTON = 'Knyt opgaven til min konto';
export const CLAIM_EXPLAINED =
  'Er det din opgave? Knyt den til din konto for at vælge et bud og betale. Opgaver, som andre har oprettet med din e-mail, bliver aldrig knyttet til din konto uden dette.';

/** While a signed-in customer waits for the task to become theirs (a claim waiting for the e-mail), the page asks again. */
const CLAIM_POLL_MS = 5_000;
/**
 * A guest has no session, so no live stream: the open page asks its public endpoint again this often (only while the
 * tab is in view), so new bids and the task's status show up without a reload.
 */
export const GUEST_POLL_MS = 15_000;

/**
 * /task/{id}?access=…: the task and its bids as the guest's mailed link shows them — read-only, with the way to an
 * account that can choose and pay. Once the task is the signed-in user's own (or the user is staff), the full task page.
 */
export function GuestTaskPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const access = searchParams.get('access') ?? '';
  const taskId = Number(id);
  const viewer = useSession((state) => state.user);
  const waitsForClaim = viewer?.role === 'customer';
  const { data: task, error, refetch } = useTaskViaLink(taskId, access, waitsForClaim ? CLAIM_POLL_MS : GUEST_POLL_MS);
  const full = task?.view === 'full';
  const bids = useBidsViaLink(taskId, access, full && !(viewer && task.user_id === viewer.id), GUEST_POLL_MS);
  useDocumentTitle(task ? `${taskTypeLabel(task.type)} #${task.id}` : `Opgave #${id}`);

  const ownPage = `/task/${id}`;
  if (viewer && viewer.role !== 'customer') return <Navigate to={ownPage} replace />;
  if (viewer && task && task.user_id === viewer.id) return <Navigate to={ownPage} replace />;

  const claimed = isApiError(error) && error.status === 410;
  if (error && (!task || claimed)) {
    return (
      <div className="fb-container page">
        {isApiError(error) && error.status === 404 ? (
          <ErrorState message={messages.taskNotFound}>
            <Link to="/BrowseTasks">Tilbage til opgaver</Link>
          </ErrorState>
        ) : claimed ? (
          // The task is an account's now: the old link shows nothing; the account holder logs in to see it.
          <div className="guest-task__next fb-card" role="note">
            <p>{messages.guestLinkClaimed}</p>
            {!viewer && (
              <p className="guest-task__actions">
                <Link className="fb-button fb-button--primary" to={loginPathFor(ownPage)}>
                  Log ind
                </Link>
              </p>
            )}
          </div>
        ) : (
          <ErrorState message="Kunne ikke hente opgave" onRetry={() => void refetch()} />
        )}
      </div>
    );
  }
  if (!task) {
    return (
      <div className="page-loading">
        <Spinner label="Henter opgave…" />
      </div>
    );
  }

  const here = `${location.pathname}${location.search}`;
  return (
    <div className="fb-container page guest-task">
      <header>
        <h1 className="guest-task__title">
          {taskTypeLabel(task.type)} <span className="guest-task__id">#{task.id}</span>
        </h1>
        <p className="guest-task__meta">
          <TaskStatusBadge status={task.status} />
          <span>Oprettet {formatDate(task.created_at)}</span>
        </p>
      </header>

      {full ? <NextStep viewer={viewer} task={task} here={here} access={access} /> : <p className="fb-form-error" role="alert">{GUEST_LINK_INVALID}</p>}

      <TaskStatusProgress status={task.status} />

      <section className="fb-card guest-task__section" aria-labelledby="guest-task-route">
        <h2 id="guest-task-route">Opgaven</h2>
        <dl className="guest-task__facts">
          <dt>Afhentning</dt>
          <dd>{taskAddress(task, 'from')}</dd>
          <dt>Levering</dt>
          <dd>{taskAddress(task, 'to')}</dd>
          {task.preferred_pickup_date && (
            <>
              <dt>Ønsket afhentning</dt>
              <dd>{formatDate(task.preferred_pickup_date)}</dd>
            </>
          )}
          {task.preferred_delivery_date && (
            <>
              <dt>Ønsket levering</dt>
              <dd>{formatDate(task.preferred_delivery_date)}</dd>
            </>
          )}
          {task.description && (
            <>
              <dt>Beskrivelse</dt>
              <dd>{task.description}</dd>
            </>
          )}
        </dl>
        {!full && (
          <p className="fb-muted">
            Fra {taskPlace(task, 'from')} til {taskPlace(task, 'to')}.
          </p>
        )}
      </section>

      {full && (
        <section className="fb-card guest-task__section" aria-labelledby="guest-task-bids">
          <h2 id="guest-task-bids">
            Bud {bids.data?.bidding && <span className="guest-task__count">{`${bids.data.bidding.bid_count}/${bids.data.bidding.max_bids}`}</span>}
          </h2>
          {bids.error && !bids.data ? (
            <ErrorState message="Kunne ikke hente bud" onRetry={() => void bids.refetch()} />
          ) : !bids.data ? (
            <Spinner label="Henter bud…" />
          ) : bids.data.items.length === 0 ? (
            <EmptyState title="Ingen bud endnu" message="Vognmænd kan byde, så længe opgaven er åben for bud." />
          ) : (
            <BidsTable bids={bids.data.items} viewer="customer" />
          )}
        </section>
      )}
    </div>
  );
}

/**
 * What the visitor does next to choose a bid and pay: sign up (from here) or in; signed in with the task's e-mail, press
 * 'Knyt opgaven til min konto' — the task is never attached by the e-mail alone (issue 24). Before the e-mail is
 * verified the claim waits for it.
 */
function NextStep({ viewer, task, here, access }: { viewer: User | null; task: Task; here: string; access: string }) {
  const claim = useClaimTaskViaLink();
  if (!viewer) {
    return (
      <div className="guest-task__next fb-card" role="note">
        <p>{GUEST_CALL_TO_ACTION}</p>
        <p className="guest-task__actions">
          <Link className="fb-button fb-button--primary" to={registerPathFor(here, task.contact_email)}>
            Opret konto
          </Link>
          <Link className="fb-button" to={loginPathFor(here)}>
            Log ind
          </Link>
        </p>
        <p className="fb-muted">
          Brug den e-mail, du oprettede opgaven med{task.contact_email ? ` (${task.contact_email})` : ''}. Derefter kan du knytte opgaven til din
          konto her.
        </p>
      </div>
    );
  }
  const sameEmail = task.contact_email !== null && task.contact_email.toLowerCase() === viewer.email.toLowerCase();
  if (!sameEmail) {
    return (
      <div className="guest-task__next fb-card" role="note">
        <p>
          Opgaven er oprettet med en anden e-mail end den, du er logget ind med. Log ind med {task.contact_email ?? 'opgavens e-mail'} for at
          knytte den til din konto, vælge et bud og betale.
        </p>
      </div>
    );
  }
  const answer = claim.data;
  return (
    <div className="guest-task__next fb-card" role="note">
      {answer?.status === 'pending' ? (
        <p role="status">{answer.message}</p>
      ) : (
        <>
          <p>{CLAIM_EXPLAINED}</p>
          <p className="guest-task__actions">
            <button
              type="button"
              className="fb-button fb-button--primary"
              disabled={claim.isPending || answer?.status === 'claimed'}
              onClick={() => claim.mutate({ taskId: task.id, access })}
            >
              {claim.isPending ? 'Knytter…' : CLAIM_BUTTON}
            </button>
          </p>
          {answer?.status === 'claimed' && <p role="status">{answer.message}</p>}
          {claim.error && (
            <p className="fb-form-error" role="alert">
              {claimRefusal(claim.error)}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** Why a claim was refused, in the server's words: a 403 here says which rule (the general 403 text would not). */
function claimRefusal(error: unknown): string {
  if (!isApiError(error)) return 'Kunne ikke knytte opgaven til din konto. Prøv igen.';
  if (error.status === 403 && error.serverMessage) return error.serverMessage;
  return error.message;
}

import { useId, useRef, useState, type FormEvent } from 'react';
import { finishedTaskStatuses, messages, type DeletionRequest, type Task } from '@fragtbud/contracts';
import { Button, ConfirmDialog, ErrorState, Spinner, formatDateTime, isApiError, useSingleFlight, type User } from '@fragtbud/web';
import { useCancelConsequence } from '../cancel-consequence';
import { isTaskOwner } from '../task-access';
import { useCreateDeletionRequest } from './api/create-deletion-request';
import { useDeletionRequests } from './api/list-deletion-requests';
import { useResolveDeletionRequest, type DeletionAction } from './api/resolve-deletion-request';
import './deletion-requests.css';

type Viewer = Pick<User, 'id' | 'role'> | null;

export const DELETION_TEXTS = {
  approved: messages.deletionRequestApproved,
  rejected: messages.deletionRequestRejected,
  approveFailed: 'Kunne ikke godkende anmodning',
  rejectFailed: 'Kunne ikke afvise anmodning',
  loadFailed: 'Kunne ikke hente anmodninger om sletning',
  sent: 'Anmodningen om sletning er sendt til en administrator.',
  ownPending: 'Din anmodning om sletning afventer behandling af en administrator.',
  ownRejected: 'Din anmodning om sletning blev afvist.',
} as const;

const STATUS_LABELS: Record<DeletionRequest['status'], string> = { pending: 'Afventer', approved: 'Godkendt', rejected: 'Afvist' };
const STATUS_BADGES: Record<DeletionRequest['status'], string> = {
  pending: 'fb-badge fb-badge--warning',
  approved: 'fb-badge fb-badge--success',
  rejected: 'fb-badge fb-badge--danger',
};
const ROLE_LABELS: Record<DeletionRequest['role'], string> = { customer: 'Kunde', carrier: 'Vognmand' };

/** The owner or the assigned carrier (spec sections 3, 6), while approving could still cancel the task (section 4). */
function mayRequest(task: Task, viewer: Viewer): boolean {
  if (viewer === null || viewer.role === 'admin' || (finishedTaskStatuses as readonly string[]).includes(task.status)) return false;
  return isTaskOwner(task, viewer) || (viewer.role === 'carrier' && task.assigned_carrier_id === viewer.id);
}

/** The requester's latest request (the API lists only their own, newest first): pending or rejected, with its date. */
function OwnLatestRequest({ request }: { request: DeletionRequest }) {
  if (request.status === 'approved') return null; // approving cancels the task: this card is gone by then
  const pending = request.status === 'pending';
  return (
    <p className="deletion-request__state" role="status">
      {pending ? DELETION_TEXTS.ownPending : DELETION_TEXTS.ownRejected}{' '}
      <span className="fb-muted">
        {pending ? 'Sendt' : 'Afvist'} {formatDateTime(pending ? request.created_at : (request.resolved_at ?? request.created_at))}
      </span>
    </p>
  );
}

/**
 * 'Anmod om sletning' with an optional reason, under the state of the requester's latest request. One request per
 * click: a double click must not meet the server's 'already pending' refusal of the request it just made.
 */
function RequestDeletion({ task }: { task: Task }) {
  const send = useCreateDeletionRequest(task.id);
  const own = useDeletionRequests(task.id);
  const flight = useSingleFlight();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState(false);
  const id = useId();
  const latest = own.data?.items[0];
  const awaiting = latest?.status === 'pending';
  // The form takes the button's place: the keyboard follows into the reason, and back to the button on 'Annuller'.
  const focusRequestButton = useRef(false);
  const cancel = () => {
    focusRequestButton.current = true;
    setOpen(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    flight.run(() =>
      send.mutateAsync(reason).then(() => {
        setOpen(false);
        setSent(true);
      }),
    );
  };

  return (
    <section className="task-section deletion-request" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="task-section__title">
        Sletning af opgaven
      </h2>
      {sent ? (
        <p role="status">{DELETION_TEXTS.sent}</p>
      ) : (
        latest && <OwnLatestRequest request={latest} />
      )}
      {/* Offered once the latest request is known (or could not be read): never a button that turns into 'awaiting'. */}
      {sent || awaiting || own.isPending ? null : open ? (
        <form noValidate onSubmit={onSubmit}>
          <div className="fb-field">
            <label className="fb-field__label" htmlFor={`${id}-reason`}>
              Begrundelse
            </label>
            <textarea
              id={`${id}-reason`}
              className="fb-input"
              rows={3}
              maxLength={1000}
              value={reason}
              autoFocus
              aria-describedby={`${id}-reason-hint`}
              onChange={(event) => setReason(event.target.value)}
            />
            <p className="fb-field__hint" id={`${id}-reason-hint`}>
              Valgfri. En administrator behandler anmodningen.
            </p>
          </div>
          {send.error !== null && (
            <p className="fb-field__error" role="alert">
              {isApiError(send.error) ? send.error.message : 'Noget gik galt'}
            </p>
          )}
          <div className="deletion-request__actions">
            <Button type="submit" variant="danger" loading={send.isPending || flight.busy}>
              Send anmodning
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={send.isPending || flight.busy}>
              Annuller
            </Button>
          </div>
        </form>
      ) : (
        <Button
          variant="secondary"
          onClick={() => setOpen(true)}
          ref={(button: HTMLButtonElement | null) => {
            if (button && focusRequestButton.current) {
              focusRequestButton.current = false;
              button.focus();
            }
          }}
        >
          Anmod om sletning
        </Button>
      )}
    </section>
  );
}

/** Admin: every request of the task, pending ones with approve (the task is cancelled) and reject. */
function AdminDeletionRequests({ task }: { task: Task }) {
  const list = useDeletionRequests(task.id);
  const resolve = useResolveDeletionRequest(task.id);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<{ id: number; action: DeletionAction } | null>(null);
  // Approving cancels the task (and refunds a paid one): asked first, as the status change asks.
  const [approving, setApproving] = useState<DeletionRequest | null>(null);
  const cancelConsequence = useCancelConsequence(task);
  const id = useId();

  const decide = (request: DeletionRequest, action: DeletionAction) => {
    setOutcome(null);
    setBusy({ id: request.id, action });
    return resolve
      .mutateAsync({ requestId: request.id, action })
      .then(
        () => setOutcome({ ok: true, text: action === 'approve' ? DELETION_TEXTS.approved : DELETION_TEXTS.rejected }),
        () => setOutcome({ ok: false, text: action === 'approve' ? DELETION_TEXTS.approveFailed : DELETION_TEXTS.rejectFailed }),
      )
      .finally(() => setBusy(null));
  };

  const items = list.data?.items ?? [];
  return (
    <section className="task-section deletion-requests" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="task-section__title">
        Anmodninger om sletning
      </h2>
      {outcome && (
        <p className={outcome.ok ? 'deletion-requests__outcome' : 'fb-field__error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
          {!outcome.ok && isApiError(resolve.error) && resolve.error.status < 500 && `: ${resolve.error.message}`}
        </p>
      )}
      {list.error && !list.data ? (
        <ErrorState compact message={DELETION_TEXTS.loadFailed} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Spinner label="Henter anmodninger…" />
      ) : items.length === 0 ? (
        <p className="fb-muted">Ingen anmodninger om sletning</p>
      ) : (
        <ul className="deletion-requests__list">
          {items.map((request) => (
            <li key={request.id} className="deletion-requests__item" aria-label={`Anmodning #${request.id}`}>
              <div className="deletion-requests__head">
                {/* The requester by name (svc-tasks' user directory), never by number; the role alone until the name is known. */}
                <strong>{request.requester_name ?? ROLE_LABELS[request.role]}</strong>
                {request.requester_name && <span className="fb-muted">{ROLE_LABELS[request.role]}</span>}
                <span className="fb-muted">{formatDateTime(request.created_at)}</span>
                <span className={STATUS_BADGES[request.status]}>{STATUS_LABELS[request.status]}</span>
              </div>
              <p className="deletion-requests__reason">{request.reason ?? <span className="fb-muted">Ingen begrundelse</span>}</p>
              {request.status === 'pending' && (
                <div className="deletion-request__actions">
                  <Button
                    variant="danger"
                    size="small"
                    loading={busy?.id === request.id && busy.action === 'approve'}
                    disabled={busy !== null}
                    onClick={() => {
                      setOutcome(null);
                      setApproving(request);
                    }}
                  >
                    Godkend
                  </Button>
                  <Button
                    variant="secondary"
                    size="small"
                    loading={busy?.id === request.id && busy.action === 'reject'}
                    disabled={busy !== null}
                    onClick={() => void decide(request, 'reject')}
                  >
                    Afvis
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={approving !== null}
        title="Godkend anmodningen om sletning?"
        confirmLabel="Godkend og annullér"
        busy={busy !== null}
        onCancel={() => setApproving(null)}
        onConfirm={() => (approving ? decide(approving, 'approve').finally(() => setApproving(null)) : undefined)}
      >
        <p>{cancelConsequence} Det kan ikke fortrydes.</p>
      </ConfirmDialog>
    </section>
  );
}

/** The details tab's deletion part: the admin's list, or the owner's / assigned carrier's request button. */
export function TaskDeletionRequests({ task, viewer }: { task: Task; viewer: Viewer }) {
  if (viewer?.role === 'admin') return <AdminDeletionRequests task={task} />;
  if (mayRequest(task, viewer)) return <RequestDeletion task={task} />;
  return null;
}

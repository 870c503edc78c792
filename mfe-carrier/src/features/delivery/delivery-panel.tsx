import { useCallback, useEffect, useRef, useState } from 'react';
import { messages, type TaskStatus } from '@fragtbud/contracts';
import {
  Button,
  ConfirmDialog,
  QUEUED_TEXT,
  useSession,
  useSingleFlight,
  type DeliveryPanelProps,
  type PhotoPickerProps,
  type QueuedRequest,
} from '@fragtbud/web';
import {
  COMPLETE_CONSEQUENCES,
  COMPLETE_FAILED,
  COMPLETE_QUESTION,
  IN_TRANSIT_FAILED,
  MARKED_IN_TRANSIT,
  PROOF_NOT_SUBMITTED,
  TASK_COMPLETED,
  failureOf,
  type ProofKind,
} from './model/delivery-messages';
import { useChangeTaskStatus } from './api/change-task-status';
import { ProofModal } from './components/proof-modal';
import { clearProofDraft, loadProofDraft } from './model/proof-draft';
import { isProofMeta, onQueueChange, proofSentText, queuedProofs, type ProofQueueMeta } from './model/proof-queue';
import './delivery.css';

type Step = 'pickup' | 'in_transit' | 'delivery' | 'complete';

/**
 * The carrier's next steps by status (spec section 4). Once picked up, a further pickup proof is still taken (the server
 * adds it as evidence): the way to replace a pickup photo deleted from the fragtbrev as wrong.
 */
export function stepsFor(status: TaskStatus): Step[] {
  switch (status) {
    case 'assigned':
    case 'paid':
      return ['pickup'];
    case 'picked_up':
      return ['in_transit', 'delivery', 'pickup'];
    case 'in_transit':
      return ['delivery'];
    case 'delivered':
      return ['complete'];
    default:
      return [];
  }
}

interface Notice {
  kind: 'success' | 'error';
  text: string;
  reason?: string | null;
}

/**
 * The assigned carrier's part of the task page (exposed as `./DeliveryPanel`): 'Bekræft afhentning' (proof modal)
 * while assigned or paid; 'Markér som på vej', 'Bekræft levering' and 'Tilføj afhentningsbevis' once picked up;
 * 'Bekræft levering' in transit;
 * 'Afslut opgave' once delivered. After each step the shell reloads the task.
 */
export function DeliveryPanel({ task, onChanged, prepare, upload }: DeliveryPanelProps & Pick<PhotoPickerProps, 'prepare' | 'upload'>) {
  const user = useSession((state) => state.user);
  // Unknown (an older shell) counts as paid: the server refuses completing an unpaid task anyway.
  const awaitingPayment = task.paid_at === null && task.status !== 'completed' && task.status !== 'paid';
  const [proofType, setProofType] = useState<ProofKind | null>(null);
  const [lastProofType, setLastProofType] = useState<ProofKind>('pickup');
  const [notice, setNotice] = useState<Notice | null>(null);
  const statusChange = useChangeTaskStatus(task.id);
  // One PATCH per press: a double click comes before the re-render that disables the button.
  const flight = useSingleFlight();
  const [confirmingCompletion, setConfirmingCompletion] = useState(false);
  const userId = user?.role === 'carrier' ? user.id : null;
  /** This task's proofs kept on the device until the connection returns (issue 29). */
  const [queued, setQueued] = useState<QueuedRequest<ProofQueueMeta>[]>([]);
  const changed = useRef(onChanged);
  changed.current = onChanged;
  const reloadQueued = useCallback(async () => {
    setQueued(userId === null ? [] : await queuedProofs(userId, task.id).catch(() => []));
  }, [userId, task.id]);

  useEffect(() => {
    void reloadQueued();
    return onQueueChange((change) => {
      void reloadQueued();
      const sent = change.sent.find((entry) => isProofMeta(entry.meta, task.id));
      if (sent && isProofMeta(sent.meta)) {
        setNotice({ kind: 'success', text: proofSentText(sent.meta.type, sent.meta.failed) });
        changed.current();
      }
    });
  }, [reloadQueued, task.id]);

  // A proof begun before a reload or a new login: its modal opens again with the draft, while that step is still due.
  useEffect(() => {
    if (userId === null) return;
    const draft = loadProofDraft(task.id, userId);
    if (!draft) return;
    // A pickup draft is for the pickup itself: once picked up (done elsewhere), it is not reopened as extra evidence.
    const stillDue = stepsFor(task.status).includes(draft.type) && !(draft.type === 'pickup' && task.status === 'picked_up');
    if (!stillDue) {
      clearProofDraft(task.id);
      return;
    }
    setLastProofType(draft.type);
    setProofType(draft.type);
  }, [userId, task.id, task.status]);

  if (!user || user.role !== 'carrier') return null;
  const waiting = queued.filter((entry) => entry.state === 'waiting');
  // A proof already waiting on the device is not taken a second time.
  const steps = stepsFor(task.status).filter((step) => !waiting.some((entry) => entry.meta.type === step));
  if (steps.length === 0 && !notice && queued.length === 0) return null;

  const openProof = (type: ProofKind) => {
    setNotice(null);
    setLastProofType(type);
    setProofType(type);
  };

  const sendStatus = async (to: 'in_transit' | 'completed') => {
    setNotice(null);
    await statusChange.mutateAsync(to);
    setNotice({ kind: 'success', text: to === 'in_transit' ? MARKED_IN_TRANSIT : TASK_COMPLETED });
    onChanged();
  };
  const markInTransit = () => flight.run(() => sendStatus('in_transit'));
  /** 'Afslut opgave' cannot be undone (the payout becomes due, the chat locks): asked first, sent once. */
  const complete = async () => {
    try {
      await sendStatus('completed');
    } finally {
      setConfirmingCompletion(false);
    }
  };

  const statusFailure = statusChange.error
    ? failureOf(statusChange.error, task.status === 'delivered' ? COMPLETE_FAILED : IN_TRANSIT_FAILED)
    : null;
  const busy = statusChange.isPending || flight.busy;

  return (
    <div className="delivery-panel">
      <h3 className="delivery-panel__title">Din kørsel</h3>
      {notice && (
        <p className={`delivery-panel__notice delivery-panel__notice--${notice.kind}`} role="status">
          {notice.text}
        </p>
      )}
      {queued.map((entry) =>
        entry.state === 'waiting' ? (
          <p key={entry.key} className="delivery-panel__notice delivery-panel__notice--queued" role="status">
            {entry.meta.label}: {QUEUED_TEXT}
          </p>
        ) : (
          <div key={entry.key} className="fb-form-error" role="alert">
            {entry.meta.label}: {PROOF_NOT_SUBMITTED}
            {entry.error && <span className="delivery-panel__reason">{entry.error}</span>}
          </div>
        ),
      )}
      {statusFailure && (
        <div className="fb-form-error" role="alert">
          {statusFailure.message}
          {statusFailure.reason && <span className="delivery-panel__reason">{statusFailure.reason}</span>}
        </div>
      )}
      {steps.length > 0 && (
        <div className="delivery-panel__buttons">
          {steps.includes('pickup') && task.status !== 'picked_up' && (
            <Button onClick={() => openProof('pickup')} disabled={busy}>
              Bekræft afhentning
            </Button>
          )}
          {steps.includes('in_transit') && (
            <Button variant="secondary" onClick={markInTransit} loading={busy} disabled={busy}>
              Markér som på vej
            </Button>
          )}
          {steps.includes('delivery') && (
            <Button onClick={() => openProof('delivery')} disabled={busy}>
              Bekræft levering
            </Button>
          )}
          {steps.includes('pickup') && task.status === 'picked_up' && (
            <Button variant="secondary" onClick={() => openProof('pickup')} disabled={busy}>
              Tilføj afhentningsbevis
            </Button>
          )}
          {steps.includes('complete') && (
            <Button onClick={() => setConfirmingCompletion(true)} loading={busy} disabled={busy || awaitingPayment}>
              Afslut opgave
            </Button>
          )}
        </div>
      )}
      {awaitingPayment && <p className="fb-muted">{messages.awaitingPayment}</p>}
      <ConfirmDialog
        open={confirmingCompletion}
        title={COMPLETE_QUESTION}
        confirmLabel="Afslut opgave"
        variant="primary"
        busy={statusChange.isPending}
        onConfirm={complete}
        onCancel={() => setConfirmingCompletion(false)}
      >
        <p>{COMPLETE_CONSEQUENCES}</p>
      </ConfirmDialog>
      <ProofModal
        taskId={task.id}
        type={proofType ?? lastProofType}
        open={proofType !== null}
        userId={userId}
        prepare={prepare}
        upload={upload}
        onClose={() => setProofType(null)}
        onQueued={() => {
          setProofType(null);
          setNotice(null);
          void reloadQueued();
        }}
        onSubmitted={(_answer, failed) => {
          const type = proofType ?? lastProofType;
          setProofType(null);
          statusChange.reset();
          setNotice({ kind: 'success', text: proofSentText(type, failed) });
          onChanged();
        }}
      />
    </div>
  );
}

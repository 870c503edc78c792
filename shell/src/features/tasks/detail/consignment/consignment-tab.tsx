import { useEffect, useState } from 'react';
import { proofDeletionClosedStatuses, type FreightNoteStatus, type Proof, type TaskStatus } from '@fragtbud/contracts';
import { Link, useLocation } from 'react-router-dom';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Spinner,
  formatDateTime,
  formatPosition,
  isApiError,
  loginPathFor,
  useSession,
  useSessionDraft,
} from '@fragtbud/web';
import { FreightNoteBoxes } from './freight-note-boxes';
import { FreightNoteForm, freightNoteDraftKey } from './freight-note-form';
import { freightNotePdfUrl, useFreightNote } from './api/get-freight-note';
import { useProofs } from './api/list-proofs';
import { useDeleteProof } from './api/delete-proof';
import './consignment.css';

export const FREIGHT_NOTE_LOAD_ERROR = 'Kunne ikke hente fragtbrevet';
export const PROOF_DELETE_FAILED = 'Kunne ikke slette beviset.';
export const FREIGHT_NOTE_AFTER_BID = 'Fragtbrevet kan ses, når du har budt på opgaven';
export const FREIGHT_NOTE_SAVED = 'Fragtbrevet er gemt';

const STATUS_LABELS: Record<FreightNoteStatus, string> = {
  draft: 'Kladde',
  locked: 'Låst',
  approved: 'Godkendt',
  final: 'Endelig',
  finalized: 'Færdiggjort',
  closed: 'Lukket',
};

/** While this class is on <html>, the print stylesheet shows the note and nothing else. */
const PRINT_CLASS = 'fb-print-consignment';

function printNote() {
  const root = document.documentElement;
  root.classList.add(PRINT_CLASS);
  const done = () => root.classList.remove(PRINT_CLASS);
  window.addEventListener('afterprint', done, { once: true });
  try {
    window.print();
  } finally {
    // print() blocks in most browsers; where it does not, afterprint removes the class.
    setTimeout(done, 0);
  }
}

const PROOF_SECTIONS = [
  { type: 'pickup', failed: 'pickup_failed', title: 'Bevis for afhentning' },
  { type: 'delivery', failed: 'delivery_failed', title: 'Bevis for levering' },
] as const;

/** 'Slet bevis' with a question first; the server's refusal is shown in the dialog. */
function DeleteProofButton({ taskId, proof, title }: { taskId: number; proof: Proof; title: string }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteProof(taskId);
  const close = () => {
    setAsking(false);
    remove.reset();
  };
  return (
    <>
      <Button variant="secondary" className="consignment-no-print" onClick={() => setAsking(true)}>
        Slet bevis
      </Button>
      <ConfirmDialog
        open={asking}
        title="Slet bevis?"
        confirmLabel="Slet bevis"
        busy={remove.isPending}
        onConfirm={() => remove.mutateAsync(proof.id).then(close, () => undefined)}
        onCancel={close}
      >
        <p>
          {title} fra {formatDateTime(proof.occurred_at)} slettes med billeder og underskrift. Det kan ikke fortrydes.
        </p>
        {remove.error && (
          <p className="fb-form-error" role="alert">
            {isApiError(remove.error) && remove.error.status !== 0 ? remove.error.message : PROOF_DELETE_FAILED}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

/**
 * Who may delete a proof (spec section 6): an admin always; the assigned carrier (who alone of the carriers sees the
 * full note) while the note is not locked and the task not delivered, completed or cancelled.
 */
function useMayDeleteProofs(locked: boolean, taskStatus: TaskStatus | undefined): boolean {
  const role = useSession((state) => state.user?.role);
  if (role === 'admin') return true;
  return role === 'carrier' && !locked && taskStatus !== undefined && !proofDeletionClosedStatuses.includes(taskStatus);
}

/** The pickup and delivery proofs below the boxes (full view only: they carry names and positions). */
function ProofSections({ taskId, mayDelete }: { taskId: number; mayDelete: boolean }) {
  const { data, error, isPending, refetch } = useProofs(taskId);
  if (error) return <ErrorState compact message="Kunne ikke hente beviser" onRetry={() => void refetch()} />;
  if (isPending) return <Spinner label="Henter beviser…" />;
  const proofs = data?.items ?? [];
  return (
    <div className="consignment-proofs">
      {PROOF_SECTIONS.map(({ type, failed, title }) => {
        const items = proofs.filter((proof) => proof.type === type || proof.type === failed);
        return (
          <section key={type} className="consignment-proof" aria-labelledby={`consignment-proof-${type}`}>
            <h3 id={`consignment-proof-${type}`} className="consignment-box__title">
              {title}
            </h3>
            {items.length === 0 ? (
              <p className="fb-muted">Intet bevis endnu</p>
            ) : (
              items.map((proof) => (
                <div key={proof.id} className="consignment-proof__item">
                  <p>
                    {formatDateTime(proof.occurred_at)}
                    {proof.type === failed && <strong> – forgæves kørsel</strong>}
                  </p>
                  <p className="fb-muted">
                    Taget {formatDateTime(proof.captured_at ?? proof.occurred_at)} · modtaget {formatDateTime(proof.created_at)}
                  </p>
                  {proof.signer_name && <p>Underskrevet af {proof.signer_name}</p>}
                  {proof.note && <p>{proof.note}</p>}
                  {proof.lat !== null && proof.lng !== null && (
                    <p className="fb-muted">
                      Position {formatPosition(proof.lat, proof.lng)}
                    </p>
                  )}
                  <div className="consignment-proof__images">
                    {proof.image_urls.map((url, index) => (
                      <img key={url} src={url} alt={`${title}, billede ${index + 1}`} />
                    ))}
                    {proof.signature_image && <img className="consignment-proof__signature" src={proof.signature_image} alt="Underskrift" />}
                  </div>
                  {mayDelete && <DeleteProofButton taskId={taskId} proof={proof} title={title} />}
                </div>
              ))
            )}
          </section>
        );
      })}
    </div>
  );
}

interface ConsignmentTabProps {
  taskId: number;
  signedIn: boolean;
  /** A carrier without a bid is refused the note: told why (and where to bid while they still can), not 'no access'. */
  carrier?: { biddingOpen: boolean };
  /** The task's status: whether the assigned carrier may still delete a proof. */
  taskStatus?: TaskStatus;
}

/** Why a carrier without a bid sees no note, instead of the server's bare refusal. */
function CarrierWithoutBid({ biddingOpen }: { biddingOpen: boolean }) {
  return (
    <EmptyState
      title={FREIGHT_NOTE_AFTER_BID}
      message={
        biddingOpen
          ? 'Med et bud ser du fragtbrevet med postnummer og by. Den fulde adresse vises, når opgaven er tildelt dig.'
          : 'Opgaven er ikke længere åben for bud.'
      }
      action={biddingOpen ? <Link to="?tab=bids">Byd på opgaven</Link> : undefined}
    />
  );
}

/** The 'Fragtbrev' tab (spec sections 2, 3, 6): the numbered 7-box note, edit mode, print and PDF. */
export function ConsignmentTab({ taskId, signedIn, carrier, taskStatus }: ConsignmentTabProps) {
  const location = useLocation();
  const { data: note, error, refetch } = useFreightNote(taskId, signedIn);
  const viewerId = useSession((state) => state.user?.id ?? null);
  // A draft left by a reload or a lost session reopens the edit form with what was typed.
  const [draft] = useSessionDraft(freightNoteDraftKey(taskId, viewerId));
  const [editing, setEditing] = useState(() => draft !== '');
  const [saved, setSaved] = useState(false);
  const mayDeleteProofs = useMayDeleteProofs(note?.locked ?? true, taskStatus);
  useEffect(() => () => document.documentElement.classList.remove(PRINT_CLASS), []);

  if (!signedIn) {
    return (
      <EmptyState
        title="Log ind for at se fragtbrevet"
        message="Fragtbrevet kan ses af opgavens kunde, vognmænd med bud og administratorer."
        action={<Link to={loginPathFor(`${location.pathname}${location.search}`)}>Log ind</Link>}
      />
    );
  }
  if (error && !note) {
    // 403/404 say why (not a party to the task); anything else is a failed load worth retrying.
    const refused = isApiError(error) && (error.status === 403 || error.status === 404);
    if (refused && carrier && error.status === 403) return <CarrierWithoutBid biddingOpen={carrier.biddingOpen} />;
    return refused ? <ErrorState message={error.message} /> : <ErrorState message={FREIGHT_NOTE_LOAD_ERROR} onRetry={() => void refetch()} />;
  }
  if (!note) return <Spinner label="Henter fragtbrev…" />;

  return (
    <article className="consignment-note" aria-labelledby="consignment-title">
      <header className="consignment-note__header">
        <div>
          <h2 id="consignment-title" className="consignment-note__title">
            Fragtbrev <span className="consignment-note__id">for opgave #{note.task_id}</span>
          </h2>
          <p className="consignment-note__meta">
            <span className={note.locked ? 'fb-badge fb-badge--warning' : 'fb-badge'}>Status: {STATUS_LABELS[note.status]}</span>
            {/* 'Låst' beside a status that does not say it already (Godkendt, Endelig …), never 'Status: Låst' twice over. */}
            {note.locked && note.status !== 'locked' && <span className="fb-badge fb-badge--danger">Låst</span>}
            {note.updated_at && <span className="fb-muted">Senest ændret {formatDateTime(note.updated_at)}</span>}
          </p>
        </div>
        <div className="consignment-note__actions consignment-no-print">
          {note.can_edit && !editing && (
            <Button
              variant="secondary"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              Rediger fragtbrev
            </Button>
          )}
          <Button variant="secondary" onClick={printNote}>
            Udskriv
          </Button>
          <a className="fb-button fb-button--secondary" href={freightNotePdfUrl(note.task_id)} download={`fragtbrev-${note.task_id}.pdf`}>
            Gem som PDF
          </a>
        </div>
      </header>

      {note.view === 'limited' && (
        <p className="fb-muted consignment-note__limited">Adresser vises først fuldt ud, når opgaven er tildelt dig.</p>
      )}
      {saved && (
        <p className="consignment-note__saved consignment-no-print" role="status">
          {FREIGHT_NOTE_SAVED}
        </p>
      )}

      {editing && note.can_edit ? (
        <FreightNoteForm
          note={note}
          viewerId={viewerId}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setSaved(true);
          }}
        />
      ) : (
        <FreightNoteBoxes note={note} />
      )}

      {note.view === 'full' && <ProofSections taskId={note.task_id} mayDelete={mayDeleteProofs} />}
    </article>
  );
}

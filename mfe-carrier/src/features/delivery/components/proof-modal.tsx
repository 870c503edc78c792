import { useId, useRef, useState, type FormEvent } from 'react';
import { limits, messages } from '@fragtbud/contracts';
import {
  Button,
  Field,
  Modal,
  PhotoPicker,
  SignaturePad,
  getCurrentLocation,
  isApiError,
  type PhotoPickerProps,
  type ProofLocation,
  type SignaturePadHandle,
} from '@fragtbud/web';
import { useSubmitProof, type ProofAnswer, type ProofRequest } from '../api/submit-proof';
import { uploadSignature } from '../api/upload-signature';
import { PROOF_NOT_SAVED, PROOF_NOT_SUBMITTED, failureOf, type ProofKind } from '../model/delivery-messages';

export const PROOF_TITLES: Record<ProofKind, string> = { pickup: 'Bekræft afhentning', delivery: 'Bekræft levering' };
export const FAILED_TRIP_LABEL = 'Forgæves kørsel (modtager nægtede / kunne ikke gennemføres)';

export interface ProofModalProps {
  taskId: number;
  type: ProofKind;
  open: boolean;
  onClose: () => void;
  onSubmitted: (answer: ProofAnswer, failed: boolean) => void;
  /** For tests: photo downscaling and upload without a browser canvas. */
  prepare?: PhotoPickerProps['prepare'];
  upload?: PhotoPickerProps['upload'];
}

interface Failure {
  message: string;
  reason: string | null;
}

/**
 * The pickup or delivery proof (spec sections 2 and 5): up to 6 photos, a signature, the GPS position, signer name and
 * note, or 'forgæves kørsel'. At least one of photo, signature, position or the flag, else the spec's rule text. The
 * signature is uploaded as a PNG first; the proof then goes as POST /tasks/{id}/proofs.
 */
export function ProofModal({ taskId, type, open, onClose, onSubmitted, prepare, upload }: ProofModalProps) {
  const formId = useId();
  const signatureRef = useRef<SignaturePadHandle>(null);
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [signed, setSigned] = useState(false);
  const [location, setLocation] = useState<ProofLocation | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const [signerName, setSignerName] = useState('');
  const [note, setNote] = useState('');
  const [failed, setFailed] = useState(false);
  const [ruleError, setRuleError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const send = useSubmitProof(taskId);

  const reset = () => {
    setImages([]);
    setSigned(false);
    setLocation(null);
    setLocationError(null);
    setSignerName('');
    setNote('');
    setFailed(false);
    setRuleError(null);
    setFailure(null);
  };

  const close = () => {
    if (submitting) return;
    reset();
    onClose();
  };

  async function fetchLocation() {
    setLocating(true);
    setLocationError(null);
    try {
      setLocation(await getCurrentLocation());
      setRuleError(null);
    } catch (error) {
      setLocation(null);
      setLocationError(error instanceof Error ? error.message : 'Kunne ikke hente lokation. Tjek tilladelser og prøv igen.');
    } finally {
      setLocating(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || uploading) return;
    setFailure(null);
    const hasSignature = signed && !!signatureRef.current && !signatureRef.current.isEmpty();
    if (images.length === 0 && !hasSignature && !location && !failed) {
      setRuleError(messages.proofRequired);
      return;
    }
    setRuleError(null);
    setSubmitting(true);
    try {
      const body: ProofRequest = { type };
      if (images.length > 0) body.images = images;
      if (hasSignature && signatureRef.current) {
        try {
          body.signature = await uploadSignature(await signatureRef.current.toBlob());
        } catch (error) {
          setFailure({ message: PROOF_NOT_SAVED, reason: isApiError(error) && error.message !== PROOF_NOT_SAVED ? error.message : null });
          return;
        }
      }
      if (location) {
        body.lat = location.lat;
        body.lng = location.lng;
        body.accuracy = location.accuracy;
      }
      if (signerName.trim()) body.signer_name = signerName.trim();
      if (note.trim()) body.note = note.trim();
      if (failed) body.failed = true;

      let answer: ProofAnswer;
      try {
        answer = await send.mutateAsync(body);
      } catch (error) {
        setFailure(isApiError(error) && error.status === 0 ? { message: PROOF_NOT_SUBMITTED, reason: error.message } : failureOf(error, PROOF_NOT_SAVED));
        return;
      }
      reset();
      onSubmitted(answer, failed);
    } finally {
      setSubmitting(false);
    }
  }

  const accuracy = location ? Math.round(location.accuracy) : 0;

  return (
    <Modal
      open={open}
      title={PROOF_TITLES[type]}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={submitting}>
            Annuller
          </Button>
          <Button type="submit" form={formId} loading={submitting} disabled={uploading || locating}>
            Indsend bevis
          </Button>
        </>
      }
    >
      <form id={formId} className="proof-form" onSubmit={submit} noValidate>
        <p className="fb-muted proof-form__intro">
          Tilføj billeder, modtagerens underskrift eller din position – eller markér forgæves kørsel.
        </p>
        <PhotoPicker
          value={images}
          onChange={(next) => {
            setImages(next);
            if (next.length > 0) setRuleError(null);
          }}
          max={limits.imagesPerProof}
          label="Billeder"
          hint={`Op til ${limits.imagesPerProof} billeder`}
          disabled={submitting}
          onBusyChange={setUploading}
          prepare={prepare}
          upload={upload}
        />
        <SignaturePad
          ref={signatureRef}
          disabled={submitting}
          onChange={(value) => {
            setSigned(value);
            if (value) setRuleError(null);
          }}
        />
        <div className="proof-form__location">
          <Button variant="secondary" onClick={fetchLocation} loading={locating} disabled={submitting}>
            Hent min position
          </Button>
          {location && (
            <p className="proof-form__position" role="status">
              Position hentet: {location.lat.toFixed(5)}, {location.lng.toFixed(5)} (± {accuracy} m)
            </p>
          )}
          {locationError && (
            <p className="fb-field__error" role="alert">
              {locationError}
            </p>
          )}
        </div>
        <Field label="Navn på underskriver" value={signerName} maxLength={200} autoComplete="off" onChange={(event) => setSignerName(event.target.value)} />
        <div className="fb-field">
          <label className="fb-field__label" htmlFor={`${formId}-note`}>
            Note
          </label>
          <textarea id={`${formId}-note`} className="fb-input" rows={3} maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
        </div>
        <label className="proof-form__failed">
          <input
            type="checkbox"
            checked={failed}
            onChange={(event) => {
              setFailed(event.target.checked);
              if (event.target.checked) setRuleError(null);
            }}
          />
          <span>{FAILED_TRIP_LABEL}</span>
        </label>
        {ruleError && (
          <div className="fb-form-error" role="alert">
            {ruleError}
          </div>
        )}
        {failure && (
          <div className="fb-form-error" role="alert">
            {failure.message}
            {failure.reason && <span className="delivery-panel__reason">{failure.reason}</span>}
          </div>
        )}
      </form>
    </Modal>
  );
}

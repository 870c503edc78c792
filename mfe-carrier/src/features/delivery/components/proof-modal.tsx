import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { limits } from '@fragtbud/contracts';
import {
  Button,
  Field,
  draftFiles,
  Modal,
  PhotoPicker,
  formatPosition,
  isApiError,
  isTransientFailure,
  newIdempotencyKey,
  requestQueue,
  uploadImage,
  useSingleFlight,
  type PhotoPickerProps,
  type PreparedImage,
} from '@fragtbud/web';
import { useSubmitProof, type ProofAnswer, type ProofRequest } from '../api/submit-proof';
import { getCurrentLocation } from '../model/geolocation';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';
import { uploadSignature } from '../api/upload-signature';
import { PROOF_NOT_SAVED, PROOF_NOT_SUBMITTED, failureOf, type ProofKind } from '../model/delivery-messages';
import { EVIDENCE_ERROR, emptyProof, proofBody, proofFormSchema, type ProofValues } from '../model/proof-form';
import { clearProofDraft, loadProofDraft, saveProofDraft } from '../model/proof-draft';
import { queueProof } from '../model/proof-queue';

export const PROOF_TITLES: Record<ProofKind, string> = { pickup: 'Bekræft afhentning', delivery: 'Bekræft levering' };
/** Who signs: at pickup the sender hands the goods over, at delivery the recipient takes them. */
export const PROOF_INTROS: Record<ProofKind, string> = {
  pickup: 'Tilføj billeder, afsenderens underskrift eller din position – eller markér forgæves kørsel.',
  delivery: 'Tilføj billeder, modtagerens underskrift eller din position – eller markér forgæves kørsel.',
};
/** A restored proof draft had a signature: it lived on the canvas only. */
export const SIGNATURE_AGAIN = 'Underskriften blev ikke gemt – lad underskriveren skrive under igen.';
/** At pickup nobody handed the goods over; at delivery nobody took them. */
export const FAILED_TRIP_LABELS: Record<ProofKind, string> = {
  pickup: 'Forgæves kørsel (afsender var der ikke / kunne ikke gennemføres)',
  delivery: 'Forgæves kørsel (modtager nægtede / kunne ikke gennemføres)',
};

/** On a photo whose upload found no connection: it is kept on the device and goes with the proof (issue 29). */
export const PHOTO_KEPT = 'Sendes når der er forbindelse';

/**
 * A picked photo kept on the device (its preview is an object URL, which is its key in the form's `images`). Its bytes
 * are kept in IndexedDB too (libs/web `draftFiles`, under `id`), so a reload or a closed app brings it back.
 */
interface KeptPhoto {
  blob: Blob;
  filename: string;
  id: string;
}

/** How a kept photo stands in the stored draft's `images` (an object URL does not outlive the page). */
const KEPT_PREFIX = 'kept:';

/** The kept photos' draft on the device: per carrier, task and proof kind. */
export const keptPhotosDraftKey = (userId: number, taskId: number, type: ProofKind) => `proof:${userId}:${taskId}:${type}`;

const newPhotoId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

const defaultUpload = (image: PreparedImage, signal: AbortSignal) => uploadImage(image.blob, image.filename, { signal });

export interface ProofModalProps {
  taskId: number;
  type: ProofKind;
  open: boolean;
  /** The signed-in carrier: what they put in is kept as their draft for the task (reload, new login). */
  userId?: number | null;
  onClose: () => void;
  onSubmitted: (answer: ProofAnswer, failed: boolean) => void;
  /** No connection (or the server away): the proof was kept on the device and goes when the connection returns. */
  onQueued?: () => void;
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
 * note, or 'forgæves kørsel'. At least one of photo, signature, position or the flag, else the spec's rule text
 * (react-hook-form with the zod resolver, the body checked with the contracts' schema). The signature is uploaded as a
 * PNG first; the proof then goes as POST /tasks/{id}/proofs.
 */
export function ProofModal({ taskId, type, open, userId = null, onClose, onSubmitted, onQueued, prepare, upload }: ProofModalProps) {
  const formId = useId();
  const signatureRef = useRef<SignaturePadHandle>(null);
  /** Photos whose upload found no connection, by their object URL (issue 29). */
  const kept = useRef(new Map<string, KeptPhoto>());
  const isKept = (url: string) => kept.current.has(url);
  const draftKey = userId === null ? null : keptPhotosDraftKey(userId, taskId, type);
  const resolver = useMemo(
    () => zodResolver(proofFormSchema(type, (url) => kept.current.has(url))) as unknown as Resolver<ProofValues>,
    [type],
  );
  const form = useForm<ProofValues>({ resolver, defaultValues: emptyProof });
  const images = form.watch('images');
  const location = form.watch('location');
  const [uploading, setUploading] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  /** A draft came back whose signature was drawn before: the canvas cannot be kept, so it is asked for again. */
  const [signatureLost, setSignatureLost] = useState(false);
  const send = useSubmitProof(taskId);
  // One proof per press: the guard is set in the click, before the re-render that shows the button busy.
  const flight = useSingleFlight();
  const submitting = form.formState.isSubmitting || flight.busy;
  const errors = form.formState.errors as typeof form.formState.errors & Partial<Record<typeof EVIDENCE_ERROR, { message?: string }>>;
  const ruleError = errors[EVIDENCE_ERROR]?.message ?? null;
  /** Any proof given takes the rule text away at once. */
  const evidenceGiven = () => form.clearErrors(EVIDENCE_ERROR as keyof ProofValues);

  // Opened: a draft of this proof left by a reload or a lost session comes back; while open, every change is kept.
  useEffect(() => {
    if (!open || userId === null) return;
    let cancelled = false;
    const draft = loadProofDraft(taskId, userId);
    const stored = draft?.type === type ? draft.values.images : [];
    if (draft?.type === type) {
      // The kept photos come back below, from IndexedDB.
      form.reset({ ...draft.values, images: draft.values.images.filter((url) => !url.startsWith(KEPT_PREFIX)), signed: false });
      setSignatureLost(draft.values.signed);
    }
    // Photos kept without a connection before a reload (or in an app closed since): their bytes are on the device.
    const restoreKept = async () => {
      const store = draftFiles();
      if (!store || typeof URL.createObjectURL !== 'function') return;
      let files: Awaited<ReturnType<typeof store.list>>;
      try {
        files = await store.list(keptPhotosDraftKey(userId, taskId, type));
      } catch {
        return;
      }
      if (cancelled || files.length === 0) return;
      const urlOf = new Map([...kept.current].map(([url, photo]) => [photo.id, url]));
      for (const file of files) {
        if (urlOf.has(file.id)) continue;
        const blob = new Blob([file.bytes], { type: file.type });
        const url = URL.createObjectURL(blob);
        kept.current.set(url, { blob, filename: file.filename, id: file.id });
        urlOf.set(file.id, url);
      }
      // In the draft's order; photos added meanwhile, and kept ones the draft did not name, after them.
      const current = form.getValues('images');
      const next: string[] = [];
      const add = (url: string | undefined) => {
        if (url && !next.includes(url)) next.push(url);
      };
      for (const entry of stored) add(entry.startsWith(KEPT_PREFIX) ? urlOf.get(entry.slice(KEPT_PREFIX.length)) : current.includes(entry) ? entry : undefined);
      for (const url of current) add(url);
      for (const url of urlOf.values()) add(url);
      form.setValue('images', next);
      evidenceGiven();
    };
    void restoreKept();
    const watching = form.watch((values) => {
      const { images = [], signed = false, location = null, signer_name = '', note = '', failed = false } = values;
      if (signed) setSignatureLost(false);
      saveProofDraft(taskId, {
        ownerId: userId,
        type,
        values: {
          // A kept photo's object URL dies with the page: the draft names it by its id (its bytes are in IndexedDB).
          images: images
            .filter((url): url is string => typeof url === 'string')
            .map((url) => {
              const photo = kept.current.get(url);
              return photo ? `${KEPT_PREFIX}${photo.id}` : url;
            }),
          signed,
          location: location as ProofValues['location'],
          signer_name,
          note,
          failed,
        },
      });
    });
    return () => {
      cancelled = true;
      watching.unsubscribe();
    };
  }, [open, userId, taskId, type, form]);

  /** A kept photo leaves the form (removed, uploaded after all, or the proof sent or discarded): its bytes go too. */
  const forget = (url: string) => {
    const photo = kept.current.get(url);
    if (!photo) return;
    kept.current.delete(url);
    URL.revokeObjectURL?.(url);
    if (draftKey) void draftFiles()?.remove(draftKey, photo.id).catch(() => undefined);
  };

  useEffect(() => {
    const photos = kept.current;
    return () => {
      for (const url of photos.keys()) URL.revokeObjectURL?.(url);
      photos.clear();
    };
  }, []);

  const uploadPhoto = upload ?? defaultUpload;
  /**
   * The picker's upload: without a connection (network error, 503) the photo is kept on the device instead, shown from
   * an object URL and marked PHOTO_KEPT; it is uploaded on submit, or from the offline queue (issue 29).
   */
  const uploadOrKeep = async (image: PreparedImage, signal: AbortSignal): Promise<string> => {
    try {
      return await uploadPhoto(image, signal);
    } catch (error) {
      const canKeep = userId !== null && !!requestQueue() && typeof URL.createObjectURL === 'function';
      if (signal.aborted || !canKeep || !isTransientFailure(error)) throw error;
      const id = newPhotoId();
      const url = URL.createObjectURL(image.blob);
      kept.current.set(url, { blob: image.blob, filename: image.filename, id });
      // Kept on the device before it shows, so a reload right after still has it; without IndexedDB in memory only.
      try {
        if (draftKey) await draftFiles()?.put(draftKey, { id, bytes: await image.blob.arrayBuffer(), type: image.blob.type || 'image/jpeg', filename: image.filename });
      } catch {
        // The page still has it.
      }
      return url;
    }
  };

  const reset = () => {
    for (const url of [...kept.current.keys()]) forget(url);
    if (draftKey) void draftFiles()?.clear(draftKey).catch(() => undefined);
    form.reset(emptyProof);
    clearProofDraft(taskId);
    setSignatureLost(false);
    setLocationError(null);
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
      form.setValue('location', await getCurrentLocation());
      evidenceGiven();
    } catch (error) {
      form.setValue('location', null);
      setLocationError(error instanceof Error ? error.message : 'Kunne ikke hente lokation. Tjek tilladelser og prøv igen.');
    } finally {
      setLocating(false);
    }
  }

  const hasSignature = () => !!signatureRef.current && !signatureRef.current.isEmpty();

  /**
   * Kept on the device with the key and capture time of this press; false when it could not be (no IndexedDB, or the
   * carrier is not known), so the failure is shown instead.
   */
  async function keep(key: string, body: ProofRequest, signature: Blob | null, photos: KeptPhoto[]): Promise<boolean> {
    if (userId === null || !requestQueue()) return false;
    try {
      const bytes = signature ? { bytes: await signature.arrayBuffer(), type: signature.type || 'image/png' } : null;
      const photoBytes = await Promise.all(
        photos.map(async (photo) => ({ bytes: await photo.blob.arrayBuffer(), type: photo.blob.type || 'image/jpeg', filename: photo.filename })),
      );
      await queueProof({ key, ownerId: userId, taskId, type, body, signature: bytes, photos: photoBytes });
    } catch {
      return false;
    }
    reset();
    onQueued?.();
    return true;
  }

  /**
   * The signature is uploaded as a PNG, then the proof is POSTed with the Idempotency-Key and `captured_at` of the
   * press. Without a connection (or with the server answering 503) it goes into the offline queue instead, the
   * signature and the photos kept for lack of a connection as bytes, and is sent from there with the same key and body
   * (issue 29). Kept photos are tried once more here; those that go are appended to `images` after the uploaded ones.
   */
  const sendProof = (key: string, capturedAt: string) =>
    form.handleSubmit(async (values) => {
      const uploadFailure = (error: unknown): Failure => ({
        message: PROOF_NOT_SAVED,
        reason: isApiError(error) && error.message !== PROOF_NOT_SAVED ? error.message : null,
      });
      /** Set when a file found no connection: the proof goes into the offline queue with what is left to upload. */
      let offline: unknown = null;
      let signatureUrl: string | null = null;
      let pendingSignature: Blob | null = null;
      if (values.signed && hasSignature() && signatureRef.current) {
        const png = await signatureRef.current.toBlob();
        try {
          signatureUrl = await uploadSignature(png);
        } catch (error) {
          if (!isTransientFailure(error)) {
            setFailure(uploadFailure(error));
            return;
          }
          offline = error;
          pendingSignature = png;
        }
      }
      const keptUrls = values.images.filter(isKept);
      const uploaded = new Map<string, string>();
      for (const url of offline ? [] : keptUrls) {
        const photo = kept.current.get(url);
        if (!photo) continue;
        try {
          uploaded.set(url, await uploadPhoto({ blob: photo.blob, filename: photo.filename }, new AbortController().signal));
        } catch (error) {
          if (!isTransientFailure(error)) {
            setFailure(uploadFailure(error));
            return;
          }
          offline = error;
          break;
        }
      }
      if (uploaded.size > 0) {
        // Uploaded now: the form shows (and a retry sends) the server's URL.
        form.setValue('images', values.images.map((url) => uploaded.get(url) ?? url));
        for (const url of uploaded.keys()) forget(url);
      }
      const sentImages = values.images.flatMap((url) => {
        const done = uploaded.get(url);
        return done ? [done] : isKept(url) ? [] : [url];
      });
      const body: ProofRequest = { ...proofBody(type, { ...values, images: sentImages }), captured_at: capturedAt };
      if (signatureUrl) body.signature = signatureUrl;
      if (offline) {
        const photos = keptUrls.filter((url) => !uploaded.has(url) && isKept(url)).map((url) => kept.current.get(url) as KeptPhoto);
        if (await keep(key, body, pendingSignature, photos)) return;
        setFailure(uploadFailure(offline));
        return;
      }
      let answer: ProofAnswer;
      try {
        answer = await send.mutateAsync({ body, key });
      } catch (error) {
        if (isTransientFailure(error) && (await keep(key, body, null, []))) return;
        setFailure(isApiError(error) && error.status === 0 ? { message: PROOF_NOT_SUBMITTED, reason: error.message } : failureOf(error, PROOF_NOT_SAVED));
        return;
      }
      reset();
      onSubmitted(answer, values.failed);
    })();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || uploading) return;
    flight.run(async () => {
      setFailure(null);
      // A pad that reports a drawing but is empty (cleared) is no signature.
      if (form.getValues('signed') && !hasSignature()) form.setValue('signed', false);
      // The key and the capture time belong to this press: a queued proof is resent with both unchanged.
      await sendProof(newIdempotencyKey(), new Date().toISOString());
    });
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
          {PROOF_INTROS[type]}
        </p>
        <PhotoPicker
          value={images}
          onChange={(next) => {
            for (const url of images) if (!next.includes(url)) forget(url);
            form.setValue('images', next);
            if (next.length > 0) evidenceGiven();
          }}
          max={limits.imagesPerProof}
          label="Billeder"
          hint={`Op til ${limits.imagesPerProof} billeder`}
          disabled={submitting}
          onBusyChange={setUploading}
          prepare={prepare}
          upload={uploadOrKeep}
          caption={(url) => (isKept(url) ? PHOTO_KEPT : null)}
        />
        <SignaturePad
          ref={signatureRef}
          disabled={submitting}
          onChange={(value) => {
            form.setValue('signed', value);
            if (value) evidenceGiven();
          }}
        />
        {signatureLost && (
          <p className="fb-form-note" role="status">
            {SIGNATURE_AGAIN}
          </p>
        )}
        <div className="proof-form__location">
          <Button variant="secondary" onClick={fetchLocation} loading={locating} disabled={submitting}>
            Hent min position
          </Button>
          {location && (
            <p className="proof-form__position" role="status">
              Position hentet: {formatPosition(location.lat, location.lng)} (± {accuracy} m)
            </p>
          )}
          {locationError && (
            <p className="fb-field__error" role="alert">
              {locationError}
            </p>
          )}
        </div>
        <Field label="Navn på underskriver" maxLength={200} autoComplete="off" error={errors.signer_name?.message} {...form.register('signer_name')} />
        <div className="fb-field">
          <label className="fb-field__label" htmlFor={`${formId}-note`}>
            Note
          </label>
          <textarea
            id={`${formId}-note`}
            className="fb-input"
            rows={3}
            maxLength={1000}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${formId}-note-error` : undefined}
            {...form.register('note')}
          />
          {errors.note?.message && (
            <p id={`${formId}-note-error`} className="fb-field__error" role="alert">
              {errors.note.message}
            </p>
          )}
        </div>
        <label className="proof-form__failed">
          <input
            type="checkbox"
            {...form.register('failed', {
              onChange: (event: { target: { checked: boolean } }) => {
                if (event.target.checked) evidenceGiven();
              },
            })}
          />
          <span>{FAILED_TRIP_LABELS[type]}</span>
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

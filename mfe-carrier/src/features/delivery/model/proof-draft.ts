import { readSessionDraft, writeSessionDraft } from '@fragtbud/web';
import type { ProofKind } from './delivery-messages';
import type { ProofLocation } from './geolocation';
import type { ProofValues } from './proof-form';

/*
 * The proof form's draft in sessionStorage, one per task: the uploaded photos' URLs, the position, signer, note and
 * the failed-trip flag. A reload, or a detour through the login page after the session ran out on the road, reopens
 * the proof with them. The signature itself stays on the canvas only: the draft remembers that there was one, so the
 * carrier is asked to have it drawn again. Cleared when the proof is in or
 * the modal is cancelled.
 */

const keyOf = (taskId: number) => `fragtbud:proof-draft:${taskId}`;

/** `signed`: a signature was drawn (it is not kept, only asked for again). */
export type ProofDraftValues = ProofValues;

export interface ProofDraft {
  /** Who typed it; another user's draft is never offered. */
  ownerId: number;
  type: ProofKind;
  values: ProofDraftValues;
}

const isKind = (value: unknown): value is ProofKind => value === 'pickup' || value === 'delivery';

function isLocation(value: unknown): value is ProofLocation | null {
  if (value === null) return true;
  const location = value as Partial<ProofLocation> | undefined;
  return typeof location === 'object' && [location.lat, location.lng, location.accuracy].every((n) => typeof n === 'number' && Number.isFinite(n));
}

function isValues(value: unknown): value is Omit<ProofDraftValues, 'signed'> & { signed?: boolean } {
  const values = value as Partial<ProofDraftValues> | null;
  return (
    typeof values === 'object' &&
    values !== null &&
    Array.isArray(values.images) &&
    values.images.every((url) => typeof url === 'string') &&
    isLocation(values.location) &&
    typeof values.signer_name === 'string' &&
    typeof values.note === 'string' &&
    typeof values.failed === 'boolean' &&
    (values.signed === undefined || typeof values.signed === 'boolean')
  );
}

/** Nothing worth keeping: no photo, position, text or flag. */
export function isEmptyProofDraft(values: ProofDraftValues): boolean {
  return (
    values.images.length === 0 && !values.signed && values.location === null && !values.signer_name.trim() && !values.note.trim() && !values.failed
  );
}

export function loadProofDraft(taskId: number, userId: number): ProofDraft | null {
  try {
    const raw = readSessionDraft(keyOf(taskId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<ProofDraft>;
    if (draft.ownerId !== userId || !isKind(draft.type) || !isValues(draft.values)) return null;
    const { images, signed = false, location, signer_name, note, failed } = draft.values;
    return { ownerId: userId, type: draft.type, values: { images, signed, location, signer_name, note, failed } };
  } catch {
    return null;
  }
}

/** Keeps the draft; one with nothing in it removes the stored one. */
export function saveProofDraft(taskId: number, draft: ProofDraft): void {
  writeSessionDraft(keyOf(taskId), isEmptyProofDraft(draft.values) ? '' : JSON.stringify(draft));
}

export function clearProofDraft(taskId: number): void {
  writeSessionDraft(keyOf(taskId), '');
}

import { CUSTOM, VALIDITY_DAY_OPTIONS, type ValidityState } from './validity';

/*
 * The bid modal's draft in sessionStorage, one per task: the typed price, the validity chosen and the submit's
 * Idempotency-Key. A reload, or a detour through the login page after the session ran out, reopens the modal with
 * them, and a retry sends the same key, so the bid is placed once. Cleared when the bid is placed or the modal is
 * cancelled.
 */

const keyOf = (taskId: number) => `fragtbud:bid-draft:${taskId}`;

export interface BidDraft {
  /** Who typed it; another user's draft is never offered. */
  ownerId: number;
  priceText: string;
  validity: ValidityState;
  /** The Idempotency-Key of a submit already tried (the same bid must keep it). */
  submitKey?: string;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // blocked: the modal still works, only without a draft
  }
}

const CHOICES = new Set<string>([...VALIDITY_DAY_OPTIONS.map(String), CUSTOM]);

function isValidity(value: unknown): value is ValidityState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as ValidityState;
  return CHOICES.has(state.choice) && typeof state.date === 'string' && typeof state.time === 'string';
}

export function loadBidDraft(taskId: number, userId: number): BidDraft | null {
  try {
    const raw = storage()?.getItem(keyOf(taskId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<BidDraft>;
    if (draft.ownerId !== userId || typeof draft.priceText !== 'string' || !isValidity(draft.validity)) return null;
    return {
      ownerId: userId,
      priceText: draft.priceText,
      validity: draft.validity,
      submitKey: typeof draft.submitKey === 'string' ? draft.submitKey : undefined,
    };
  } catch {
    return null;
  }
}

export function saveBidDraft(taskId: number, draft: BidDraft): void {
  try {
    storage()?.setItem(keyOf(taskId), JSON.stringify(draft));
  } catch {
    // full or blocked: nothing to do
  }
}

export function clearBidDraft(taskId: number): void {
  try {
    storage()?.removeItem(keyOf(taskId));
  } catch {
    // blocked: nothing to do
  }
}

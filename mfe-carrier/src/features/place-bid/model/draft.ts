import { CUSTOM, KEEP, VALIDITY_DAY_OPTIONS, type ValidityState } from './validity';

/*
 * The bid modal's draft in sessionStorage, one per task: the typed price, the validity chosen and the submit's
 * Idempotency-Key. A reload, or a detour through the login page after the session ran out, reopens the modal with
 * them, and a retry sends the same key, so the bid is placed once. Cleared when the bid is placed or the modal is
 * cancelled. A change to a pending bid ('Ret bud', `bidId`) is kept the same way under its own key, apart from the
 * new bid's draft that the panel drops once the carrier has a bid.
 */

const keyOf = (taskId: number, bidId?: number) => (bidId === undefined ? `fragtbud:bid-draft:${taskId}` : `fragtbud:bid-edit-draft:${bidId}`);

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

const CHOICES = new Set<string>([...VALIDITY_DAY_OPTIONS.map(String), CUSTOM, KEEP]);

function isValidity(value: unknown): value is ValidityState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as ValidityState;
  return CHOICES.has(state.choice) && typeof state.date === 'string' && typeof state.time === 'string';
}

export function loadBidDraft(taskId: number, userId: number, bidId?: number): BidDraft | null {
  try {
    const raw = storage()?.getItem(keyOf(taskId, bidId));
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

export function saveBidDraft(taskId: number, draft: BidDraft, bidId?: number): void {
  try {
    storage()?.setItem(keyOf(taskId, bidId), JSON.stringify(draft));
  } catch {
    // full or blocked: nothing to do
  }
}

export function clearBidDraft(taskId: number, bidId?: number): void {
  try {
    storage()?.removeItem(keyOf(taskId, bidId));
  } catch {
    // blocked: nothing to do
  }
}

import type { TaskForm } from './task-form';

/*
 * The wizard's draft in sessionStorage (issue 13 item 6): what was typed (photos as their uploaded URLs), so a
 * reload, a Back or a detour through the login page loses nothing. One per tab for a new task and one per task being
 * edited; cleared after a successful submit.
 */

const DRAFT_KEY = 'fragtbud:create-task-draft';

/** A new task's draft, or the draft of the edit of task `editId`. */
const keyFor = (editId: number | null | undefined) => (editId == null ? DRAFT_KEY : `fragtbud:edit-task-draft:${editId}`);

export interface TaskDraft {
  form: TaskForm;
  /** Who typed it: a signed-in user's id, or null for a guest. Another user's draft is not offered. */
  ownerId: number | null;
  /** The submit's Idempotency-Key, so a retry after a reload cannot create the task twice. */
  submitKey?: string;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // storage blocked (privacy settings): the wizard still works, only without a draft
  }
}

const isForm = (value: unknown): value is TaskForm =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TaskForm).from === 'object' &&
  typeof (value as TaskForm).to === 'object' &&
  typeof (value as TaskForm).details === 'object' &&
  Array.isArray((value as TaskForm).images);

/** The saved draft, if there is one this user may continue. */
export function loadDraft(userId: number | null, editId?: number | null): TaskDraft | null {
  try {
    const raw = storage()?.getItem(keyFor(editId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<TaskDraft>;
    if (!isForm(draft.form)) return null;
    const ownerId = typeof draft.ownerId === 'number' ? draft.ownerId : null;
    // A guest's draft may be continued after signing in; a user's draft only by that user.
    if (ownerId !== null && ownerId !== userId) return null;
    // An edit is only ever a signed-in owner's.
    if (editId != null && (ownerId === null || userId === null)) return null;
    return { form: draft.form, ownerId, submitKey: typeof draft.submitKey === 'string' ? draft.submitKey : undefined };
  } catch {
    return null;
  }
}

export function saveDraft(draft: TaskDraft, editId?: number | null): void {
  try {
    storage()?.setItem(keyFor(editId), JSON.stringify(draft));
  } catch {
    // full or blocked: nothing to do
  }
}

export function clearDraft(editId?: number | null): void {
  try {
    storage()?.removeItem(keyFor(editId));
  } catch {
    // blocked: nothing to do
  }
}

import { messages } from '@fragtbud/contracts';
import { fieldErrorsOf, isApiError } from '@fragtbud/web';
import type { FieldErrors, TaskForm } from './task-form';

/** Spec section 8. */
export const SUBMIT_MESSAGES = {
  createFailed: 'Kunne ikke oprette opgave',
  saveFailed: 'Kunne ikke gemme ændringer.',
  loadForEditFailed: 'Kunne ikke hente opgaven til redigering.',
  noLongerEditable: messages.taskNoLongerEditable,
  fixTheForm: 'Ret venligst fejl i formularen',
  sessionExpired: messages.sessionExpired,
} as const;

/**
 * The fields a refused submit names: the 400's `details`, and the two guest texts of spec section 5 placed where
 * they belong even when the server sent them without a field ('Vælg en opgavetype først.' at the type cards,
 * 'Udfyld både afhentnings- og leveringsadresse.' at the empty address field, or both).
 */
export function serverFieldErrors(error: unknown, form: TaskForm): FieldErrors {
  const errors: FieldErrors = { ...fieldErrorsOf(error) };
  if (!isApiError(error) || error.status !== 400) return errors;
  const said = error.serverMessage;
  if (said === messages.chooseTaskTypeFirst && !errors.type) errors.type = said;
  if (said === messages.fillBothAddresses && !errors.from_address && !errors.to_address) {
    const fromEmpty = !form.from.address.trim();
    const toEmpty = !form.to.address.trim();
    if (fromEmpty || !toEmpty) errors.from_address = said;
    if (toEmpty || !fromEmpty) errors.to_address = said;
  }
  return errors;
}

/**
 * The banner above the form after a failed submit (spec section 8's mapping): 401 and 403 have fixed texts; when
 * fields were named, they carry the server's words and the banner says what failed; otherwise the server's message,
 * else ours.
 */
export function submitFailureMessage(error: unknown, fallback: string, fieldsNamed: boolean): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 401 || error.status === 403) return error.message;
  if (fieldsNamed) return fallback;
  return error.serverMessage ?? fallback;
}

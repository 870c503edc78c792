import { isApiError } from '@fragtbud/web';

/** Spec section 8. */
export const PROOF_NOT_SAVED = 'Kunne ikke gemme bevis.';
export const PROOF_NOT_SUBMITTED = 'Kunne ikke indsende bevis.';
export const MARKED_IN_TRANSIT = 'Markeret som på vej';
export const IN_TRANSIT_FAILED = 'Kunne ikke opdatere status til "På vej".';
export const TASK_COMPLETED = 'Opgaven er afsluttet';
export const COMPLETE_FAILED = 'Kunne ikke afslutte opgaven.';

/** The question before 'Afslut opgave' (the spec names none): it cannot be undone. */
export const COMPLETE_QUESTION = 'Afslut opgaven?';
export const COMPLETE_CONSEQUENCES =
  'Det kan ikke fortrydes: beløbet for opgaven kan derefter udbetales til dig, chatten låses, og kunden bliver bedt om at vurdere dig.';

/** Shown after a proof is in (the spec names none). */
export const PICKUP_CONFIRMED = 'Afhentning bekræftet';
export const DELIVERY_CONFIRMED = 'Levering bekræftet';
export const FAILED_TRIP_RECORDED = 'Forgæves kørsel registreret';

export type ProofKind = 'pickup' | 'delivery';

/**
 * The spec's text for a failed action, plus the server's reason when it gave a specific one the carrier can act on
 * (a refused transition, a missing proof, too many photos). 401/403 keep the API client's general texts as the reason.
 */
export function failureOf(error: unknown, fallback: string): { message: string; reason: string | null } {
  if (!isApiError(error)) return { message: fallback, reason: null };
  if (error.status === 401 || error.status === 403) return { message: fallback, reason: error.message };
  const specific = [400, 404, 409, 422].includes(error.status) && error.serverMessage && error.serverMessage !== fallback;
  return { message: fallback, reason: specific ? (error.serverMessage ?? null) : null };
}

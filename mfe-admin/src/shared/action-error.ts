import { isApiError } from '@fragtbud/web';

/**
 * The spec's text for a failed admin action, unless the server refused it for a reason the admin can act on
 * (a business rule, 409/422, e.g. "Du kan ikke blokere eller slette din egen konto"), or the session ran out (401:
 * 'Session udløbet – log ind igen', spec section 8) or the right is missing (403): then the general text says so,
 * where the action's own text would have the admin try again in vain.
 */
export function adminActionError(error: unknown, fallback: string): string {
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return error.message;
  if (isApiError(error) && (error.status === 409 || error.status === 422) && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback;
}

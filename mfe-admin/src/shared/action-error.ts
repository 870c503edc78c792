import { isApiError } from '@fragtbud/web';

/**
 * The spec's text for a failed admin action, unless the server refused it for a reason the admin can act on
 * (a business rule, 409/422, e.g. "Du kan ikke blokere eller slette din egen konto").
 */
export function adminActionError(error: unknown, fallback: string): string {
  if (isApiError(error) && (error.status === 409 || error.status === 422) && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback;
}

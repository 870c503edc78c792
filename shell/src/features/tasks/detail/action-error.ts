import { isApiError } from '@fragtbud/web';

/**
 * The spec's text for a failed action, plus the server's reason when it gave a specific one the user can act on
 * (a refused transition, a task no longer editable). 401/403 keep the general texts of the API client.
 */
export function actionError(error: unknown, fallback: string): { message: string; reason: string | null } {
  if (!isApiError(error)) return { message: fallback, reason: null };
  if (error.status === 401 || error.status === 403) return { message: fallback, reason: error.message };
  const specific = [400, 404, 409, 422].includes(error.status) && error.serverMessage && error.serverMessage !== fallback;
  return { message: fallback, reason: specific ? (error.serverMessage ?? null) : null };
}

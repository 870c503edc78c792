import { ERROR_MESSAGES } from './messages';

export interface ErrorBody {
  code?: unknown;
  message?: unknown;
  error?: unknown;
  details?: unknown;
}

/** The message the server sent, from `message` or else `error` (spec section 8). */
export function serverMessageOf(body: ErrorBody | null | undefined): string | undefined {
  if (!body) return undefined;
  for (const candidate of [body.message, body.error]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate;
  }
  return undefined;
}

/**
 * General error mapping of spec section 8: 401 and 403 have fixed texts; otherwise the server's message,
 * then the client's own message, then 'Noget gik galt'.
 */
export function danishErrorMessage(status: number, body?: ErrorBody | null, clientMessage?: string): string {
  if (status === 401) return ERROR_MESSAGES.sessionExpired;
  if (status === 403) return ERROR_MESSAGES.forbidden;
  return serverMessageOf(body) ?? (clientMessage?.trim() || ERROR_MESSAGES.fallback);
}

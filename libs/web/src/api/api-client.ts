import { limits } from '@fragtbud/contracts';
import { ApiError } from './api-error';
import { danishErrorMessage, serverMessageOf, type ErrorBody } from './error-message';
import { ERROR_MESSAGES } from './messages';

export const API_BASE = '/api';
/** Spec section 9: API timeout. */
export const API_TIMEOUT_MS = limits.apiTimeoutMs;

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * For sign-in style calls: a 401/403 there means "wrong credentials", not "session expired",
   * so the server's own message is shown instead of the general 401/403 texts.
   */
  preferServerMessage?: boolean;
  /**
   * Sent as `Idempotency-Key` on a creating write (create task, bid, pay, payout): the service answers a repeat with
   * the same key with the first answer instead of writing again. Make one per submit (crypto.randomUUID()) and
   * reuse it for that submit's retries.
   */
  idempotencyKey?: string;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const origin = typeof window !== 'undefined' && window.location ? window.location.origin : 'http://localhost';
  const url = new URL(`${API_BASE}${path.startsWith('/') ? path : `/${path}`}`, origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text; // an HTML error page or a proxy's plain-text answer
  }
}

/**
 * One HTTP call to the gateway: JSON in and out, the HttpOnly session cookie sent (never a bearer token), 20 s timeout.
 * Resolves with the parsed body; rejects with an ApiError whose message is the Danish text to show.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, timeoutMs = API_TIMEOUT_MS, preferServerMessage = false, idempotencyKey } = options;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', abortFromCaller, { once: true });
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (cause) {
    if (signal?.aborted && !timedOut) throw cause; // the caller cancelled: not an error to show
    throw new ApiError({
      status: 0,
      code: timedOut ? 'timeout' : 'network_error',
      message: timedOut ? ERROR_MESSAGES.timeout : ERROR_MESSAGES.network,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const errorBody = payload && typeof payload === 'object' ? (payload as ErrorBody) : null;
    const serverMessage = serverMessageOf(errorBody);
    const message =
      preferServerMessage && serverMessage ? serverMessage : danishErrorMessage(response.status, errorBody);
    throw new ApiError({
      status: response.status,
      code: typeof errorBody?.code === 'string' ? errorBody.code : `http_${response.status}`,
      message,
      details: errorBody?.details,
      serverMessage,
    });
  }
  if (typeof payload === 'string') {
    throw new ApiError({ status: response.status, code: 'invalid_response', message: ERROR_MESSAGES.unexpectedResponse });
  }
  return payload as T;
}

type BodylessOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: BodylessOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: BodylessOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** A paged list answer (API.md conventions). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

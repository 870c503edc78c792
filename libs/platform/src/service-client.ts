import { errorBodySchema, messages, type AuthUser } from '@fragtbud/contracts';
import { AppError } from './app-error';
import { internalTokenHeader, signInternalToken } from './internal-token';
import { readAfterHeader, readAfterOfCurrentRequest } from './read-your-writes';
import { requestIdHeader } from './request-context';

export interface ServiceClientOptions {
  baseUrl: string;
  /** The service being called (for errors and logs). */
  name: string;
  secret: string;
  timeoutMs?: number;
  /** The calling service's name, carried in the token as `service`. */
  caller?: string;
}

export interface CallOptions {
  /** The user to act for (forward `ctx.state.user`); omitted → the calling service acts as itself. */
  user?: AuthUser | null;
  /** Forward `ctx.state.requestId` so the logs of both services share it. */
  requestId?: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}

export interface ServiceClient {
  get<T = unknown>(path: string, options?: CallOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: CallOptions): Promise<T>;
}

const retryableStatuses = new Set([502, 503, 504]);

/** JSON over HTTP to another service with the internal token, a timeout, and one retry for GET only. */
export function createServiceClient({
  baseUrl,
  name,
  secret,
  timeoutMs = 5_000,
  caller = 'system',
}: ServiceClientOptions): ServiceClient {
  async function call<T>(method: string, path: string, body: unknown, options: CallOptions = {}): Promise<T> {
    const attempts = method === 'GET' ? 2 : 1;
    for (let attempt = 1; ; attempt++) {
      const isLast = attempt === attempts;
      let response: Response;
      try {
        response = await send(method, path, body, options);
      } catch (error) {
        if (isLast) throw unreachable(name, baseUrl, error);
        continue;
      }
      if (!response.ok && retryableStatuses.has(response.status) && !isLast) continue;
      return readResponse<T>(response);
    }
  }

  async function send(method: string, path: string, body: unknown, options: CallOptions): Promise<Response> {
    const token = await signInternalToken({ secret, user: options.user ?? null, service: caller });
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers, [internalTokenHeader]: token };
    if (options.requestId) headers[requestIdHeader] = options.requestId;
    // The caller's recent writes travel on: the called service answers as of them too.
    const readAfter = readAfterOfCurrentRequest();
    if (readAfter && headers[readAfterHeader] === undefined) headers[readAfterHeader] = readAfter;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(urlFor(baseUrl, path, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  return {
    get: (path, options) => call('GET', path, undefined, options),
    post: (path, body, options) => call('POST', path, body, options),
    put: (path, body, options) => call('PUT', path, body, options),
    delete: (path, options) => call('DELETE', path, undefined, options),
  };
}

function urlFor(baseUrl: string, path: string, query: CallOptions['query']): string {
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function readResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  const parsed = parseJson(text);
  if (response.ok) return parsed as T;
  const errorBody = errorBodySchema.safeParse(parsed);
  if (errorBody.success) throw new AppError({ status: response.status, ...errorBody.data });
  throw new AppError({ status: response.status, code: 'upstream_error', message: messages.somethingWentWrong });
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The cause (timeout, refused) is kept for the log, not shown to the caller. */
function unreachable(name: string, baseUrl: string, cause: unknown): AppError {
  return new AppError({
    status: 503,
    code: 'service_unavailable',
    message: messages.serviceUnavailable,
    cause: new Error(`${name} (${baseUrl}) did not answer`, { cause }),
  });
}

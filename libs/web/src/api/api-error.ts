import type { ErrorCode } from '@fragtbud/contracts';
export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  details?: unknown;
  serverMessage?: string;
}

/**
 * Every failed API call ends in an ApiError. `message` is already the Danish text to show the user
 * (spec section 8); `serverMessage` keeps what the server said, for screens that show it as is (login).
 */
/**
 * libs/web is bundled into the shell and into each remote, so an ApiError thrown in a remote is not an instance of
 * the shell's class: a global symbol marks it instead, and the shell's 401 handling sees a remote's error too.
 */
const apiErrorBrand = Symbol.for('fragtbud.ApiError');

export class ApiError extends Error {
  readonly [apiErrorBrand] = true;
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;
  readonly serverMessage?: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.serverMessage = init.serverMessage;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (typeof error === 'object' && error !== null && (error as { [apiErrorBrand]?: unknown })[apiErrorBrand] === true);
}

/**
 * The call was refused with this code of the domain error catalog (libs/contracts `errorCatalog`); the code is typed
 * against the catalog, so a screen cannot test for a code no service answers.
 */
export function hasErrorCode<Code extends ErrorCode>(error: unknown, code: Code): error is ApiError & { readonly code: Code } {
  return isApiError(error) && error.code === code;
}

/** Field errors from a 400 answer's `details`, keyed by field name, when the server named the fields. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || !Array.isArray(error.details)) return {};
  const result: Record<string, string> = {};
  for (const item of error.details) {
    if (!item || typeof item !== 'object') continue;
    const { field, path, message } = item as { field?: unknown; path?: unknown; message?: unknown };
    const name = typeof field === 'string' ? field : Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : undefined;
    if (name && typeof message === 'string' && !result[name]) result[name] = message;
  }
  return result;
}

/** The issues of a failed zod parse (a `ZodError`), as far as the form needs them. */
export interface ParseIssues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/**
 * The first message per top-level field of a failed zod parse (`safeParse(...).error`), for showing beside each field:
 * `{ phone: 'Telefonnummeret er ugyldigt' }`. An issue about the whole value (no path) names no field and is left out.
 */
export function fieldErrorsFromZod(error: ParseIssues): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === undefined) continue;
    result[String(field)] ??= issue.message;
  }
  return result;
}

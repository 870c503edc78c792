import { messages } from '@fragtbud/contracts';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { AppError, isAppError } from './app-error';
import type { Logger } from './logger';
import { invalidInput } from './validation';

/** The one place errors become HTTP answers `{code, message, details?}`. Sits at the top of the chain. */
export function errorHandler(fallbackLogger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null) throw AppError.notFound(messages.notFound, 'not_found');
    } catch (error) {
      const appError = toAppError(error);
      const log = ctx.state.log ?? fallbackLogger;
      if (!appError) log.error({ err: error }, 'unhandled error');
      else if (appError.status >= 500) log.error({ err: appError }, appError.message);
      respond(ctx, appError ?? internalError());
    }
  };
}

function toAppError(error: unknown): AppError | undefined {
  if (isAppError(error)) return error;
  if (error instanceof z.core.$ZodError) return invalidInput(error);
  if (isClientDataError(error)) return AppError.badRequest(messages.invalidInput, 'invalid_input');
  if (isDatabaseUnavailable(error)) return AppError.unavailable();
  return fromClientHttpError(error);
}

/** Connection exceptions (class 08), the server shutting down or refusing, too many connections. */
const databaseUnavailableCodes = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const databaseUnavailableMessages = /Connection terminated|Client has encountered a connection error|Connection ended unexpectedly|terminating connection|Timeout acquiring a connection/i;

/**
 * The database is gone for a moment (restart, lost connection, pool exhausted): 503 with the Danish "try again
 * shortly", never 500. The pool drops broken connections and makes new ones by itself.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || databaseUnavailableCodes.has(code))) return true;
  if (name === 'KnexTimeoutError') return true;
  return typeof message === 'string' && databaseUnavailableMessages.test(message);
}

/**
 * PostgreSQL data errors a client's input can cause — text with a NUL character or not convertible, a number or
 * text beyond the column — are the client's mistake: 400, never 500. (Same codes from pg and PGlite.)
 */
const clientDataErrorCodes = new Set([
  '22021', // character_not_in_repertoire (NUL in text)
  '22P05', // untranslatable_character
  '22003', // numeric_value_out_of_range
  '22001', // string_data_right_truncation
  '22P02', // invalid_text_representation
]);

function isClientDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && clientDataErrorCodes.has(code);
}

/** `ctx.throw(4xx)` from Koa or a third-party middleware is still the client's fault, never a 500. */
function fromClientHttpError(error: unknown): AppError | undefined {
  const { status, expose } = (error ?? {}) as { status?: unknown; expose?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500 || expose !== true) return undefined;
  if (status === 401) return AppError.unauthorized();
  if (status === 403) return AppError.forbidden();
  if (status === 404) return AppError.notFound();
  if (status === 413) return AppError.badRequest(messages.payloadTooLarge, 'payload_too_large');
  return new AppError({ status, code: 'bad_request', message: messages.invalidInput });
}

function internalError(): AppError {
  return new AppError({ status: 500, code: 'internal_error', message: messages.somethingWentWrong });
}

/** A client told "too many" also learns when to come back (RFC 9110); a minute unless the thrower knows better. */
const defaultRetryAfterSeconds = 60;

function respond(ctx: Context, error: AppError): void {
  ctx.status = error.status;
  if (error.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  else if (error.status === 429 && !ctx.response.get('Retry-After')) ctx.set('Retry-After', String(defaultRetryAfterSeconds));
  ctx.body = error.details
    ? { code: error.code, message: error.message, details: error.details }
    : { code: error.code, message: error.message };
}

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
  return fromClientHttpError(error);
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

function respond(ctx: Context, error: AppError): void {
  ctx.status = error.status;
  ctx.body = error.details
    ? { code: error.code, message: error.message, details: error.details }
    : { code: error.code, message: error.message };
}

import { errorAnswer, messages, type ErrorCode, type ErrorVariantOf, type SpecificErrorCode } from '@fragtbud/contracts';

export interface ErrorDetail {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  status: number;
  code: string;
  message: string;
  details?: ErrorDetail[];
  cause?: unknown;
  /** For 429 and 503: sent as `Retry-After` (a 429 without it gets the error handler's default). */
  retryAfterSeconds?: number;
}

/** The one error type services throw; the error middleware turns it into `{code, message, details?}`. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: ErrorDetail[];
  readonly retryAfterSeconds?: number;

  constructor({ status, code, message, details, cause, retryAfterSeconds }: AppErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  static badRequest(message: string, code = 'bad_request', details?: ErrorDetail[]) {
    return new AppError({ status: 400, code, message, details });
  }

  static unauthorized(message: string = messages.sessionExpired, code = 'unauthorized', details?: ErrorDetail[]) {
    return new AppError({ status: 401, code, message, details });
  }

  static forbidden(message: string = messages.forbidden, code = 'forbidden', details?: ErrorDetail[]) {
    return new AppError({ status: 403, code, message, details });
  }

  static notFound(message: string = messages.notFound, code = 'not_found', details?: ErrorDetail[]) {
    return new AppError({ status: 404, code, message, details });
  }

  static conflict(message: string, code = 'conflict', details?: ErrorDetail[]) {
    return new AppError({ status: 409, code, message, details });
  }

  static unprocessable(message: string, code = 'unprocessable', details?: ErrorDetail[]) {
    return new AppError({ status: 422, code, message, details });
  }

  static tooManyRequests(message: string = messages.tooManyRequests, code = 'too_many_requests', details?: ErrorDetail[]) {
    return new AppError({ status: 429, code, message, details });
  }

  static unavailable(message: string = messages.serviceUnavailable, code = 'service_unavailable', details?: ErrorDetail[]) {
    return new AppError({ status: 503, code, message, details });
  }
}

/** `instanceof` fails across duplicated module copies, so recognise the shape too. */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof AppError ||
    (error instanceof Error && error.name === 'AppError' && typeof (error as AppError).status === 'number')
  );
}

type DomainErrorOptions<Code extends ErrorCode> = {
  details?: ErrorDetail[];
  cause?: unknown;
  /** For 429 and 503: sent as `Retry-After`. */
  retryAfterSeconds?: number;
  /** One of the code's named variants in the catalog. */
  variant?: ErrorVariantOf<Code>;
} & (Code extends SpecificErrorCode ? { /** The text worded at the throw site (a `specific` code only). */ message?: string } : { message?: never });

/**
 * A refusal from the domain error catalog (libs/contracts `errorCatalog`): services throw these by code and never
 * choose an HTTP status or a text themselves; the error handler answers with the catalog's status and Danish text.
 */
export class DomainError<Code extends ErrorCode = ErrorCode> extends AppError {
  readonly domainCode: Code;
  readonly variant?: string;

  constructor(code: Code, options: DomainErrorOptions<Code> = {} as DomainErrorOptions<Code>) {
    const answer = errorAnswer(code, options.variant);
    super({
      status: answer.status,
      code,
      message: options.message ?? answer.message,
      details: options.details,
      cause: options.cause,
      retryAfterSeconds: options.retryAfterSeconds,
    });
    this.domainCode = code;
    this.variant = options.variant;
  }
}

/** `throw domainError('task_not_found')` — the one way a service refuses. */
export function domainError<Code extends ErrorCode>(code: Code, ...options: [DomainErrorOptions<Code>?]): DomainError<Code> {
  return new DomainError(code, options[0]);
}

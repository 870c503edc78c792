import { messages } from '@fragtbud/contracts';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError, type ErrorDetail } from './app-error';

/** zod's own (English) texts never reach a client: anything not from our catalogue becomes 'Ugyldige felter'. */
const catalogue = new Set<string>(Object.values(messages));

const danishOrGeneric = (message: string): string => (catalogue.has(message) ? message : messages.invalidInput);

export interface ParseOptions {
  /** Put in front of every issue's path, e.g. `['details']` when the input is a part of the request body. */
  pathPrefix?: readonly string[];
}

export interface ParseBodyOptions extends ParseOptions {
  /** A JSON `null` body counts as no body (validated as `{}`); `false` validates the `null` itself. Default true. */
  nullAsEmpty?: boolean;
}

export function zodIssuesToDetails(error: z.core.$ZodError, { pathPrefix = [] }: ParseOptions = {}): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: [...pathPrefix, issue.path.map(String).join('.')].filter(Boolean).join('.'),
    message: danishOrGeneric(issue.message),
  }));
}

/**
 * 400 `invalid_input`: every issue in `details`, and the first issue's Danish text as the message — the front end
 * shows it as it arrives, so a client sees "Angiv din adgangskode" rather than only "Ugyldige felter".
 */
export function invalidInput(error: z.core.$ZodError, options: ParseOptions = {}): AppError {
  const details = zodIssuesToDetails(error, options);
  return new AppError({
    status: 400,
    code: 'invalid_input',
    message: details[0]?.message ?? messages.invalidInput,
    details,
    cause: error,
  });
}

/** Validates any input (not only a request's) and throws `invalidInput` when it does not fit. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, options?: ParseOptions): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidInput(result.error, options);
  return result.data;
}

export function parseBody<S extends z.ZodType>(ctx: Context, schema: S, options: ParseBodyOptions = {}): z.output<S> {
  const { nullAsEmpty = true, ...parseOptions } = options;
  const body = ctx.request.body;
  const noBody = body === undefined || (nullAsEmpty && body === null);
  return parseInput(schema, noBody ? {} : body, parseOptions);
}

export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S, options?: ParseOptions): z.output<S> {
  return parseInput(schema, ctx.query, options);
}

export function parseParams<S extends z.ZodType>(ctx: Context, schema: S, options?: ParseOptions): z.output<S> {
  return parseInput(schema, paramsOf(ctx), options);
}

/**
 * The `:id` of a route through its contract schema; anything it refuses is 400 with that id's own message and
 * code (`'Ugyldigt opgave-id'`, `invalid_task_id`) and no details.
 */
export function parseIdParam(ctx: Context, schema: z.ZodType<number>, message: string, code: string): number {
  const parsed = schema.safeParse(paramsOf(ctx).id);
  if (!parsed.success) throw AppError.badRequest(message, code);
  return parsed.data;
}

function paramsOf(ctx: Context): Record<string, string> {
  return (ctx as Context & { params?: Record<string, string> }).params ?? {};
}

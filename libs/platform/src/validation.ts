import { messages } from '@fragtbud/contracts';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError, type ErrorDetail } from './app-error';

export function zodIssuesToDetails(error: z.core.$ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

export function invalidInput(error: z.core.$ZodError): AppError {
  return new AppError({
    status: 400,
    code: 'invalid_input',
    message: messages.invalidInput,
    details: zodIssuesToDetails(error),
    cause: error,
  });
}

function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidInput(result.error);
  return result.data;
}

export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return parseWith(schema, ctx.request.body ?? {});
}

export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return parseWith(schema, ctx.query);
}

export function parseParams<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return parseWith(schema, (ctx as Context & { params?: Record<string, string> }).params ?? {});
}

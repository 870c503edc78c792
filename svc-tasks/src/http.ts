import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { z } from 'zod';
import { messages, taskIdSchema } from '@fragtbud/contracts';
import { AppError, zodIssuesToDetails } from '@fragtbud/platform';
import type { EventMeta } from './context';

/** zod's own (English) texts never reach a user: anything not from our catalogue becomes 'Ugyldige felter'. */
const ourMessages = new Set<string>(Object.values(messages));

/**
 * Validates like the platform's parse helpers, but answers with the first problem's Danish text as the message
 * (the spec's task texts are shown as they arrive), every problem in `details`.
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown, pathPrefix: string[] = []): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = zodIssuesToDetails(result.error).map((detail) => ({
    path: [...pathPrefix, detail.path].filter(Boolean).join('.'),
    message: ourMessages.has(detail.message) ? detail.message : messages.invalidInput,
  }));
  throw AppError.badRequest(details[0]?.message ?? messages.invalidInput, 'invalid_input', details);
}

export const bodyOf = (ctx: Context): unknown => (ctx.request.body === undefined ? {} : ctx.request.body);

/** The :id of a task route; anything but a positive 32-bit integer is 400 'Ugyldigt opgave-id'. */
export function taskIdParam(ctx: Context): number {
  const parsed = taskIdSchema.safeParse((ctx as Context & { params?: Record<string, string> }).params?.id);
  if (!parsed.success) throw AppError.badRequest(messages.invalidTaskId, 'invalid_task_id');
  return parsed.data;
}

/** Events caused by a request carry its id, so the chain can be followed from the gateway's log line. */
export function eventMetaOf(ctx: Context): EventMeta {
  return { correlationId: ctx.state.requestId || randomUUID() };
}

/**
 * Text PostgreSQL cannot store (a NUL character) or a number beyond a column's range is the client's mistake:
 * answer 400, never 500.
 */
export async function refuseUnstorableInput(_ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === '22021' || code === '22P05' || code === '22003' || code === '22001' || code === '22P02') {
      throw AppError.badRequest(messages.invalidInput, 'invalid_input');
    }
    throw error;
  }
}

import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { z } from 'zod';
import { messages } from '@fragtbud/contracts';
import { AppError, zodIssuesToDetails } from '@fragtbud/platform';
import type { EventMeta } from './context';

/** zod's own (English) texts never reach a user: anything not from our catalogue becomes 'Ugyldige felter'. */
const ourMessages = new Set<string>(Object.values(messages));

/**
 * Validates like the platform's parse helpers, but answers with the first problem's Danish text as the message
 * (the bid modal shows it as it arrives, e.g. 'Angiv en gyldig pris først.'), every problem in `details`.
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = zodIssuesToDetails(result.error).map((detail) => ({
    path: detail.path,
    message: ourMessages.has(detail.message) ? detail.message : messages.invalidInput,
  }));
  throw AppError.badRequest(details[0]?.message ?? messages.invalidInput, 'invalid_input', details);
}

export const bodyOf = (ctx: Context): unknown => ctx.request.body ?? {};

/** The :id of a route through its contract schema; anything else is 400 with that id's message and code. */
export function idParam(ctx: Context, schema: z.ZodType<number>, message: string, code: string): number {
  const parsed = schema.safeParse((ctx as Context & { params?: Record<string, string> }).params?.id);
  if (!parsed.success) throw AppError.badRequest(message, code);
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
    if (code === '22021' || code === '22P05' || code === '22003' || code === '22001') {
      throw AppError.badRequest(messages.invalidInput, 'invalid_input');
    }
    throw error;
  }
}

import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { idParamSchema, messages } from '@fragtbud/contracts';
import { AppError } from '@fragtbud/platform';
import type { EventMeta } from './context';
import type { ClientInfo } from './sessions/service';

const maxInt4 = 2_147_483_647;

/** The :id of a user route; anything but a positive 32-bit integer is 400 'Ugyldigt bruger-id'. */
export function userIdParam(ctx: Context): number {
  const parsed = idParamSchema.safeParse((ctx as Context & { params?: Record<string, string> }).params?.id);
  if (!parsed.success || parsed.data > maxInt4) throw AppError.badRequest(messages.invalidUserId, 'invalid_user_id');
  return parsed.data;
}

/**
 * The browser's address as the gateway saw it. The gateway sets x-forwarded-for; the right-most entry is the
 * one it added, anything left of it came from the client and proves nothing.
 */
export function clientOf(ctx: Context): ClientInfo {
  const forwarded = ctx
    .get('x-forwarded-for')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return {
    ip: forwarded.at(-1) ?? ctx.request.ip ?? null,
    userAgent: ctx.get('user-agent') || null,
  };
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

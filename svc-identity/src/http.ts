import type { Context } from 'koa';
import type { ClientInfo } from './sessions/service';

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

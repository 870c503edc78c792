import type { Context } from 'koa';
import type { ClientInfo } from './sessions/service';

/**
 * The browser's address as the gateway saw it, taken only from the gateway's signed internal token: a forwarded
 * header could be written by anyone, so it is never read here (login limits depend on this address).
 */
export function clientOf(ctx: Context): ClientInfo {
  return {
    ip: ctx.state.client?.ip ?? null,
    userAgent: ctx.get('user-agent') || null,
  };
}

import type { Context } from 'koa';
import { sessionCookieNames, sessionTokenPattern } from '@fragtbud/contracts';

export interface SessionTokenOfRequest {
  token: string | null;
  /** True when it came from the cookie (the browser sends that by itself: cross-site writes must be refused). */
  viaCookie: boolean;
}

/**
 * The session token of a request: `Authorization: Bearer …` first, else the session cookie (`__Host-session`, then
 * `session`), read by Koa's cookie parser. A cookie value that cannot be one of our tokens (bad escapes, odd
 * characters, too long) counts as no session — it is never decoded, so it cannot fail.
 */
export function sessionTokenOf(ctx: Context): SessionTokenOfRequest {
  const bearer = ctx.get('authorization').match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return { token: bearer, viaCookie: false };
  for (const name of [sessionCookieNames.secure, sessionCookieNames.plain]) {
    const value = ctx.cookies.get(name);
    if (value && sessionTokenPattern.test(value)) return { token: value, viaCookie: true };
  }
  return { token: null, viaCookie: false };
}

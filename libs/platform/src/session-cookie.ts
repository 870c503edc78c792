import type { Context } from 'koa';
import { sessionCookieNames, sessionHintCookieName } from '@fragtbud/contracts';

export interface SessionCookieOptions {
  maxAgeSeconds: number;
  /** HTTPS: the cookie is `Secure` and named `__Host-session`. */
  secure: boolean;
}

/*
 * The Set-Cookie headers are written by hand: the internal hop is plain HTTP, and Koa's cookie helper refuses to
 * send a Secure cookie over it even though the browser sees HTTPS at the gateway.
 */

/** The session cookie (HttpOnly) and its hint for the page (`signed_in=1`, same lifetime). */
export function setSessionCookie(ctx: Context, token: string, options: SessionCookieOptions): void {
  const name = options.secure ? sessionCookieNames.secure : sessionCookieNames.plain;
  ctx.append('Set-Cookie', cookieHeader(name, token, options.maxAgeSeconds, { secure: options.secure, httpOnly: true }));
  setSessionHintCookie(ctx, options);
}

/** Only the hint: for a browser that holds a session from before the hint existed. */
export function setSessionHintCookie(ctx: Context, options: SessionCookieOptions): void {
  ctx.append('Set-Cookie', cookieHeader(sessionHintCookieName, '1', options.maxAgeSeconds, { secure: options.secure, httpOnly: false }));
}

/** Both session cookie names and the hint are cleared, so a switch between HTTP and HTTPS leaves no session behind. */
export function clearSessionCookie(ctx: Context): void {
  const expired = 'Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  ctx.append('Set-Cookie', `${cookieHeader(sessionCookieNames.secure, '', 0, { secure: true, httpOnly: true })}; ${expired}`);
  ctx.append('Set-Cookie', `${cookieHeader(sessionCookieNames.plain, '', 0, { secure: false, httpOnly: true })}; ${expired}`);
  ctx.append('Set-Cookie', `${cookieHeader(sessionHintCookieName, '', 0, { secure: false, httpOnly: false })}; ${expired}`);
}

function cookieHeader(name: string, value: string, maxAgeSeconds: number, flags: { secure: boolean; httpOnly: boolean }): string {
  const parts = [`${name}=${value}`, 'Path=/', ...(flags.httpOnly ? ['HttpOnly'] : []), 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (flags.secure) parts.push('Secure');
  return parts.join('; ');
}

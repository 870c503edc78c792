import type { Context } from 'koa';
import { sessionCookieNames } from '@fragtbud/contracts';

export interface SessionCookieOptions {
  maxAgeSeconds: number;
  /** HTTPS: the cookie is `Secure` and named `__Host-session`. */
  secure: boolean;
}

/**
 * The Set-Cookie header is written by hand: the internal hop is plain HTTP, and Koa's cookie helper refuses to
 * send a Secure cookie over it even though the browser sees HTTPS at the gateway.
 */
export function setSessionCookie(ctx: Context, token: string, options: SessionCookieOptions): void {
  ctx.append('Set-Cookie', cookieHeader(cookieName(options.secure), token, options.maxAgeSeconds, options.secure));
}

/** Both names are cleared, so a switch between HTTP and HTTPS leaves no session behind. */
export function clearSessionCookie(ctx: Context): void {
  const expired = 'Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  ctx.append('Set-Cookie', `${cookieHeader(sessionCookieNames.secure, '', 0, true)}; ${expired}`);
  ctx.append('Set-Cookie', `${cookieHeader(sessionCookieNames.plain, '', 0, false)}; ${expired}`);
}

const cookieName = (secure: boolean) => (secure ? sessionCookieNames.secure : sessionCookieNames.plain);

function cookieHeader(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

import type { Context } from 'koa';

export const sessionCookieName = 'session';

/**
 * The Set-Cookie header is written by hand: the internal hop is plain HTTP, and Koa's cookie helper refuses to
 * send a Secure cookie over it even though the browser sees HTTPS at the gateway.
 */
export function setSessionCookie(ctx: Context, token: string, options: { maxAgeSeconds: number; secure: boolean }): void {
  ctx.append('Set-Cookie', cookieHeader(token, options.maxAgeSeconds, options.secure));
}

export function clearSessionCookie(ctx: Context, options: { secure: boolean }): void {
  ctx.append('Set-Cookie', `${cookieHeader('', 0, options.secure)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
}

function cookieHeader(value: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [`${sessionCookieName}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The session token the browser sent: `Authorization: Bearer …` first, else the `session` cookie. */
export function sessionTokenOf(ctx: Context): string | null {
  const bearer = ctx.get('authorization').match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  for (const part of ctx.get('cookie').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === sessionCookieName && rest.length > 0) {
      const value = rest.join('=');
      try {
        return decodeURIComponent(value) || null;
      } catch {
        return value || null;
      }
    }
  }
  return null;
}

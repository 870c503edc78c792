import type { Middleware } from 'koa';

import { domainError } from '@fragtbud/platform';

/** A decoded segment still holding an escape for a dot, a slash, a backslash or NUL was encoded twice. */
const doubleEncoded = /%(2e|2f|5c|00)/i;

/**
 * The path decoded once, segment by segment, and spelled again the one canonical way — or `null` when it is
 * refused: dot segments (`..`, `%2e%2e`, `%252e%252e`, …), encoded slashes or backslashes (`%2f`, `%5c`, also
 * double-encoded), backslashes, NUL, empty segments inside the path and escapes that do not decode. Nothing the
 * browser sends for a real page or API call looks like that; everything after this routes on what it returns.
 */
export function canonicalPath(rawPath: string): string | null {
  if (!rawPath.startsWith('/')) return null;
  const segments = rawPath.slice(1).split('/');
  const canonical: string[] = [];
  for (const [index, segment] of segments.entries()) {
    if (segment === '') {
      if (index !== segments.length - 1) return null;
      canonical.push('');
      continue;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (decoded === '.' || decoded === '..' || /[/\\\0]/.test(decoded) || doubleEncoded.test(decoded)) return null;
    canonical.push(encodeURIComponent(decoded));
  }
  return `/${canonical.join('/')}`;
}

/** Refuses a path `canonicalPath` refuses (400, Danish) and hands the canonical one to everything after it. */
export function requirePlainPath(): Middleware {
  return async (ctx, next) => {
    const canonical = canonicalPath(ctx.path);
    if (canonical === null) throw domainError('invalid_path');
    if (canonical !== ctx.path) ctx.path = canonical;
    await next();
  };
}

import type { Context } from 'koa';

import { domainError } from '@fragtbud/platform';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A browser sends the session cookie on cross-site requests too, so a state-changing request that is
 * authenticated by the cookie alone must come from our own origin. Bearer tokens are not sent automatically
 * and need no such check.
 */
export function assertSameOrigin(ctx: Context): void {
  if (safeMethods.has(ctx.method)) return;
  const fetchSite = ctx.get('sec-fetch-site');
  if (fetchSite === 'same-origin') return;
  const origin = ctx.get('origin') || ctx.get('referer');
  if (origin) {
    try {
      if (new URL(origin).host === ctx.host) return;
    } catch {
      // an unparsable origin is treated like a foreign one
    }
  }
  throw domainError('cross_site_request');
}

import type { Middleware } from 'koa';

import { domainError } from '@fragtbud/platform';
import { clientAddressOf } from './client-address';

/** A fixed one-minute window per client address; enough to blunt floods without shared state. */
export function rateLimit(options: { perMinute: number }): Middleware {
  let windowStart = Date.now();
  let counts = new Map<string, number>();
  return async (ctx, next) => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      counts = new Map();
    }
    const client = clientAddressOf(ctx);
    const count = (counts.get(client) ?? 0) + 1;
    counts.set(client, count);
    if (count > options.perMinute) {
      ctx.set('Retry-After', String(Math.ceil((windowStart + 60_000 - now) / 1000)));
      throw domainError('rate_limited');
    }
    await next();
  };
}

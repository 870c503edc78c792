import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Logger } from './logger';
import type { EventMeta } from './outbox';

export const requestIdHeader = 'x-request-id';

const quietPaths = new Set(['/healthz', '/readyz', '/metrics']);

/** Gives every request an id (the gateway's, or a new one), a logger carrying it, and one log line at the end. */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const requestId = acceptedRequestId(ctx.get(requestIdHeader)) ?? randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ reqId: requestId });
    ctx.state.user = null;
    ctx.set(requestIdHeader, requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const line = { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) };
      if (quietPaths.has(ctx.path)) ctx.state.log.debug(line, 'request');
      else ctx.state.log.info(line, 'request');
    }
  };
}

/** Events caused by a request carry its id, so the chain can be followed from the gateway's log line. */
export function eventMetaOf(ctx: Context): EventMeta {
  return { correlationId: ctx.state.requestId || randomUUID() };
}

/** Only ids that cannot smuggle anything into logs or headers. */
function acceptedRequestId(value: string): string | undefined {
  return /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined;
}

import type { Middleware } from 'koa';

/**
 * The gateway's own probes for an orchestrator (Kubernetes httpGet, compose healthcheck), open without a token and
 * answering a status only: `/healthz` — the process serves; `/readyz` — it takes traffic, 503 `not_ready` once it is
 * draining (SIGTERM), so the load balancer stops sending new requests while in-flight ones finish. Neither asks the
 * services: one service being down must not take every gateway out of rotation (`/api/health` reports them).
 */
export function probes(isDraining: () => boolean): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/healthz') {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok' };
    } else if (ctx.path === '/readyz') {
      ctx.set('Cache-Control', 'no-store');
      const draining = isDraining();
      ctx.status = draining ? 503 : 200;
      ctx.body = { status: draining ? 'not_ready' : 'ready' };
    } else {
      await next();
    }
  };
}

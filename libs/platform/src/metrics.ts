import type { Context, Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export interface ServiceMetrics {
  /** One registry per service instance, so several services in one process do not clash. */
  registry: Registry;
  middleware: Middleware;
}

export function createMetrics(serviceName: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: serviceName });
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames,
    registers: [registry],
  });

  const middleware: Middleware = async (ctx, next) => {
    const stopTimer = duration.startTimer();
    try {
      await next();
    } finally {
      const labels = { method: ctx.method, route: routeOf(ctx), status: String(ctx.status) };
      requests.inc(labels);
      stopTimer(labels);
    }
  };
  return { registry, middleware };
}

/** The route pattern (`/tasks/:id`), never the raw path: label values must stay few. */
function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched) return String(matched);
  return ['/healthz', '/readyz', '/metrics'].includes(ctx.path) ? ctx.path : 'unmatched';
}

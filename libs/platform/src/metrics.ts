import type { Context, Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { BusStatus, ConsumerStatus } from './event-bus';

export interface ServiceMetrics {
  /** One registry per service instance, so several services in one process do not clash. */
  registry: Registry;
  middleware: Middleware;
}

export function createMetrics(serviceName: string, busStatus?: () => BusStatus): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: serviceName });
  collectDefaultMetrics({ register: registry });
  if (busStatus) busMetrics(registry, busStatus);
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

/** Read from the bus at scrape time: connection, per-consumer lag and dead letters. */
function busMetrics(registry: Registry, busStatus: () => BusStatus): void {
  new Gauge({
    name: 'event_bus_connected',
    help: '1 while the event bus is connected',
    registers: [registry],
    collect() {
      this.set(busStatus().connected ? 1 : 0);
    },
  });
  const perConsumer = (name: string, help: string, value: (consumer: ConsumerStatus) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['durable', 'source'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const consumer of busStatus().consumers) {
          const current = value(consumer);
          if (current !== null) this.set({ durable: consumer.durable, source: consumer.source }, current);
        }
      },
    });
  perConsumer('event_consumer_consuming', '1 while the consumer exists and delivers', (consumer) => (consumer.consuming ? 1 : 0));
  perConsumer('event_consumer_lag', 'Events stored but not yet handled, at the last check', (consumer) => consumer.lag);
  perConsumer('event_dead_letters_total', 'Events given up after the last delivery (since the process started)', (consumer) => consumer.deadLetters);
}

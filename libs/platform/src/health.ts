import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import type { Registry } from 'prom-client';
import type { BusStatus } from './event-bus';

export const operationalPaths: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);
/** Liveness is open (container health checks); /metrics needs a service token. */
export const publicPaths: ReadonlySet<string> = new Set(['/healthz']);
/**
 * Readiness answers an orchestrator's probe without a token (Kubernetes httpGet carries none) with its status only;
 * the checks (database, bus, each consumer's lag) stay behind the service token.
 */
export const probePaths: ReadonlySet<string> = new Set(['/readyz']);

const databaseCheckTimeoutMs = 2_000;

/**
 * `/healthz` (process up), `/readyz` (status for anyone, checks for a service), `/metrics` (Prometheus). `/readyz` is 503 `not_ready` only when the service
 * cannot serve HTTP (its database does not answer); a bus that is down or a consumer that is not consuming makes it
 * 200 `degraded` (requests work, events are delayed). Each consumer is listed with its lag and last delivery.
 */
export function operationalEndpoints({
  db,
  busStatus,
  registry,
}: {
  db: Knex;
  /** This service's view of the bus (its own consumers only when the bus is shared). */
  busStatus: () => BusStatus;
  registry: Registry;
}): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' || !operationalPaths.has(ctx.path)) return next();
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
    } else if (ctx.path === '/readyz') {
      const database = await databaseAnswers(db);
      const { connected, consumers } = busStatus();
      const eventsFlow = connected && consumers.every((consumer) => consumer.consuming);
      const status = !database ? 'not_ready' : eventsFlow ? 'ready' : 'degraded';
      ctx.status = database ? 200 : 503;
      ctx.body = ctx.state.callerService ? { status, checks: { database, bus: connected, consumers } } : { status };
    } else {
      ctx.type = registry.contentType;
      ctx.body = await registry.metrics();
    }
  };
}

async function databaseAnswers(db: Knex): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), databaseCheckTimeoutMs);
  });
  try {
    return await Promise.race([db.raw('select 1').then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

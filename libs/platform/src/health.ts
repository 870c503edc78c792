import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import type { Registry } from 'prom-client';
import type { EventBus } from './event-bus';

export const operationalPaths: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

const databaseCheckTimeoutMs = 2_000;

/** `/healthz` (process up), `/readyz` (database answers and bus connected), `/metrics` (Prometheus). */
export function operationalEndpoints({ db, bus, registry }: { db: Knex; bus: EventBus; registry: Registry }): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' || !operationalPaths.has(ctx.path)) return next();
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
    } else if (ctx.path === '/readyz') {
      const checks = { database: await databaseAnswers(db), bus: bus.isConnected() };
      const ready = checks.database && checks.bus;
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'not_ready', checks };
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

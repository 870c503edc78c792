import Router from '@koa/router';
import { carrierProfileParamSchema, carrierSummaryQuerySchema, messages } from '@fragtbud/contracts';
import { parseIdParam, parseQuery } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { carrierProfile, carrierSummaries } from './service';

/** GET /carriers?ids= and GET /carriers/{id}: public, read-only carrier profiles (issue 13). */
export function carriersRouter(context: TasksContext): Router {
  const router = new Router({ prefix: '/carriers' });

  router.get('/', async (ctx) => {
    const { ids } = parseQuery(ctx, carrierSummaryQuerySchema);
    ctx.body = { items: await carrierSummaries(context, ids) };
  });

  router.get('/:id', async (ctx) => {
    const carrierId = parseIdParam(ctx, carrierProfileParamSchema, messages.invalidCarrierId, 'invalid_carrier_id');
    ctx.body = await carrierProfile(context, ctx.state.user, carrierId);
  });

  return router;
}

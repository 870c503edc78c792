import Router from '@koa/router';
import { carrierFieldProfileBodySchema, carrierProfileParamSchema, carrierSummaryQuerySchema, messages } from '@fragtbud/contracts';
import { parseBody, parseIdParam, parseQuery, requireUser } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { carrierProfile, carrierSummaries, ownFieldProfile, saveOwnFieldProfile } from './service';

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

/** GET/PUT /carrier/profile: the carrier's own vehicles and coverage regions (issue 29). */
export function ownCarrierProfileRouter(context: TasksContext): Router {
  const router = new Router({ prefix: '/carrier/profile' });
  router.get('/', async (ctx) => {
    ctx.body = await ownFieldProfile(context, requireUser(ctx));
  });
  router.put('/', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = await saveOwnFieldProfile(context, caller, parseBody(ctx, carrierFieldProfileBodySchema, { nullAsEmpty: false }));
  });
  return router;
}

import Router from '@koa/router';
import { cvrParamSchema } from '@fragtbud/contracts';
import { parseParams, requireUser } from '@fragtbud/platform';
import { z } from 'zod';
import type { IdentityContext } from '../context';
import { createCvrLookup, type CvrProvider } from './provider';

/** GET /cvr/{number}: the company behind a CVR number (logged in). */
export function cvrRouter(context: IdentityContext, provider: CvrProvider): Router {
  const router = new Router({ prefix: '/cvr' });
  const lookup = createCvrLookup(provider, context.clock);
  router.get('/:number', async (ctx) => {
    requireUser(ctx);
    const { number } = parseParams(ctx, z.object({ number: cvrParamSchema }));
    ctx.body = await lookup(number);
  });
  return router;
}

import Router from '@koa/router';
import { cvrParamSchema } from '@fragtbud/contracts';
import { parseParams, requireUser } from '@fragtbud/platform';
import { z } from 'zod';
import { verifyCarrierCvr } from '../carrier-profile/verify-cvr';
import type { IdentityContext } from '../context';

/**
 * GET /cvr/{number}: the company behind a CVR number (logged in). A carrier looking up their own number (the CVR
 * tab) also refreshes whether their profile shows 'CVR verificeret'.
 */
export function cvrRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/cvr' });
  router.get('/:number', async (ctx) => {
    const caller = requireUser(ctx);
    const { number } = parseParams(ctx, z.object({ number: cvrParamSchema }));
    if (caller.role === 'carrier') await verifyCarrierCvr(context, caller.id, number);
    ctx.body = await context.cvrLookup(number);
  });
  return router;
}

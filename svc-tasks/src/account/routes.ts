import Router from '@koa/router';
import { idParamSchema } from '@fragtbud/contracts';
import { parseParams, requireServiceCaller, requireUser } from '@fragtbud/platform';
import { z } from 'zod';
import type { TasksContext } from '../context';
import { accountDataOf, assertMayLeave, assertUserMayBeDeleted } from './service';

/** For the gateway's GET /api/account/export and DELETE /api/account; services only, acting for the user in the token. */
export function internalAccountRouter(context: TasksContext): Router {
  const router = new Router({ prefix: '/internal/account' });

  router.get('/data', async (ctx) => {
    requireServiceCaller(ctx);
    ctx.body = await accountDataOf(context, requireUser(ctx));
  });

  /** 204 when the caller may delete their account now; 409 with the reason otherwise. Changes nothing. */
  router.post('/erasure-check', async (ctx) => {
    requireServiceCaller(ctx);
    await assertMayLeave(context, requireUser(ctx));
    ctx.status = 204;
  });

  /** The same check for an admin's DELETE /users/{id} (svc-identity asks as itself): 204, or 409 user_has_active_tasks. */
  router.post('/users/:id/erasure-check', async (ctx) => {
    requireServiceCaller(ctx);
    const { id } = parseParams(ctx, z.object({ id: idParamSchema }));
    await assertUserMayBeDeleted(context, id);
    ctx.status = 204;
  });

  return router;
}

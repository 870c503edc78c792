import Router from '@koa/router';
import { requireServiceCaller, requireUser } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { accountDataOf, assertMayLeave } from './service';

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

  return router;
}

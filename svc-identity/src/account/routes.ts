import Router from '@koa/router';
import { eventMetaOf, requireServiceCaller, requireUser } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { accountDataOf, eraseOwnAccount } from './service';

/**
 * For the gateway's account endpoints (GET /api/account/export, DELETE /api/account), which gather from every
 * service; only a service token reaches /internal/*, acting for the signed-in user it carries.
 */
export function internalAccountRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/internal/account' });

  router.get('/data', async (ctx) => {
    requireServiceCaller(ctx);
    ctx.body = await accountDataOf(context, requireUser(ctx));
  });

  router.post('/erase', async (ctx) => {
    requireServiceCaller(ctx);
    await eraseOwnAccount(context, requireUser(ctx), eventMetaOf(ctx));
    ctx.status = 204;
  });

  return router;
}

import Router from '@koa/router';
import { eventMetaOf, requireServiceCaller, requireUser } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { accountDataOf, assertMayErase, eraseOwnAccount } from './service';

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

  /** 204 when svc-identity lets the caller delete their account; changes nothing. */
  router.post('/erasure-check', async (ctx) => {
    requireServiceCaller(ctx);
    assertMayErase(requireUser(ctx));
    ctx.status = 204;
  });

  router.post('/erase', async (ctx) => {
    requireServiceCaller(ctx);
    await eraseOwnAccount(context, requireUser(ctx), eventMetaOf(ctx));
    ctx.status = 204;
  });

  return router;
}

import Router from '@koa/router';
import { deleteAccountBodySchema } from '@fragtbud/contracts';
import { eventMetaOf, parseBody, requireServiceCaller, requireUser } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { accountDataOf, assertMayErase, assertNotAdmin, eraseOwnAccount } from './service';

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

  /** 204 when svc-identity lets the caller delete their account ({currentPassword}: their own); changes nothing. */
  router.post('/erasure-check', async (ctx) => {
    requireServiceCaller(ctx);
    const caller = requireUser(ctx);
    assertNotAdmin(caller);
    const { currentPassword } = parseBody(ctx, deleteAccountBodySchema);
    await assertMayErase(context, caller, currentPassword);
    ctx.status = 204;
  });

  router.post('/erase', async (ctx) => {
    requireServiceCaller(ctx);
    const caller = requireUser(ctx);
    assertNotAdmin(caller);
    const { currentPassword } = parseBody(ctx, deleteAccountBodySchema);
    await eraseOwnAccount(context, caller, currentPassword, eventMetaOf(ctx));
    ctx.status = 204;
  });

  return router;
}

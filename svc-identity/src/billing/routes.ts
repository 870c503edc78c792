import Router from '@koa/router';
import { billingChangeBodySchema, billingChangeQuerySchema, billingInfoBodySchema, idParamSchema, messages } from '@fragtbud/contracts';
import { parseBody, parseIdParam, parseQuery, requireRole, requireUser } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { billingChanges, decideChange, getBilling, myLatestBillingChange, requestBillingChange, saveBilling } from './service';

/** GET, PUT /users/billing; POST /users/billing-changes and GET /users/billing-changes/me (carriers). */
export function billingRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/users' });
  router.get('/billing', async (ctx) => {
    ctx.body = { billing: await getBilling(context, requireUser(ctx)) };
  });
  router.put('/billing', async (ctx) => {
    const caller = requireUser(ctx);
    const billing = await saveBilling(context, caller, parseBody(ctx, billingInfoBodySchema));
    ctx.body = { billing, message: messages.billingSaved };
  });
  router.post('/billing-changes', async (ctx) => {
    const caller = requireRole(ctx, 'carrier');
    const { data } = parseBody(ctx, billingChangeBodySchema);
    ctx.status = 201;
    ctx.body = { ...(await requestBillingChange(context, caller, data)), message: messages.billingChangeSent };
  });
  router.get('/billing-changes/me', async (ctx) => {
    ctx.body = { change: await myLatestBillingChange(context, requireRole(ctx, 'carrier')) };
  });
  return router;
}

/** GET /admin/billing-changes?status=, PUT /admin/billing-changes/{id}/approve and /reject. */
export function adminBillingRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/admin/billing-changes' });
  router.get('/', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = { items: await billingChanges(context, parseQuery(ctx, billingChangeQuerySchema).status) };
  });
  for (const decision of ['approve', 'reject'] as const) {
    router.put(`/:id/${decision}`, async (ctx) => {
      const caller = requireRole(ctx, 'admin');
      const id = parseIdParam(ctx, idParamSchema.max(2_147_483_647), messages.invalidBillingChangeId, 'invalid_billing_change_id');
      ctx.body = await decideChange(context, caller, id, decision);
    });
  }
  return router;
}

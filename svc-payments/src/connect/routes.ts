import Router from '@koa/router';
import { idParamSchema, messages } from '@fragtbud/contracts';
import { parseIdParam, requireRole } from '@fragtbud/platform';
import type { PaymentsContext } from '../context';
import { createConnectedAccount, payoutLink } from './service';

export function connectRouter(context: PaymentsContext): Router {
  const router = new Router();

  router.post('/admin/users/:id/connected-account', async (ctx) => {
    const admin = requireRole(ctx, 'admin');
    const userId = parseIdParam(ctx, idParamSchema.max(2_147_483_647), messages.invalidCarrierId, 'invalid_carrier_id');
    ctx.body = await createConnectedAccount(context, admin.id, userId);
  });

  router.post('/finance/payout-link', async (ctx) => {
    const carrier = requireRole(ctx, 'carrier');
    ctx.body = await payoutLink(context, carrier.id);
  });

  return router;
}

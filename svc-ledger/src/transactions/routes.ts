import Router from '@koa/router';
import { ledgerQuerySchema, paymentHistoryQuerySchema } from '@fragtbud/contracts';
import { parseQuery, requireRole, requireUser } from '@fragtbud/platform';
import type { LedgerContext } from '../context';
import { getLedger, getOwnPayments } from './service';

export function transactionsRouter(context: LedgerContext): Router {
  const router = new Router({ prefix: '/finance' });

  router.get('/ledger', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = await getLedger(context, parseQuery(ctx, ledgerQuerySchema));
  });

  router.get('/payments/me', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = await getOwnPayments(context, caller, parseQuery(ctx, paymentHistoryQuerySchema));
  });

  return router;
}

import Router from '@koa/router';
import { ledgerCsvQuerySchema, ledgerQuerySchema, paymentHistoryQuerySchema } from '@fragtbud/contracts';
import { csvHeaders, parseQuery, requireRole } from '@fragtbud/platform';
import type { LedgerContext } from '../context';
import { getLedger, getOwnPayments, ledgerCsv } from './service';

export function ledgerRowsRouter(context: LedgerContext): Router {
  const router = new Router({ prefix: '/finance' });

  router.get('/ledger', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = await getLedger(context, parseQuery(ctx, ledgerQuerySchema));
  });

  router.get('/ledger.csv', async (ctx) => {
    requireRole(ctx, 'admin');
    const query = parseQuery(ctx, ledgerCsvQuerySchema);
    ctx.set(csvHeaders('admin_ledger'));
    ctx.body = ledgerCsv(context, query);
  });

  router.get('/payments/me', async (ctx) => {
    const caller = requireRole(ctx, 'customer');
    ctx.body = await getOwnPayments(context, caller, parseQuery(ctx, paymentHistoryQuerySchema));
  });

  return router;
}

import Router from '@koa/router';
import { csvHeaders, requireRole } from '@fragtbud/platform';
import type { LedgerContext } from '../context';
import { carrierFinance, carrierFinanceCsv, customerLedger, financialOverview, platformSaldo, platformSaldoCsv } from './service';

export function balancesRouter(context: LedgerContext): Router {
  const router = new Router();

  router.get('/finance/me', async (ctx) => {
    const carrier = requireRole(ctx, 'carrier');
    ctx.body = await carrierFinance(context, carrier.id);
  });

  router.get('/finance/me.csv', async (ctx) => {
    const carrier = requireRole(ctx, 'carrier');
    ctx.set(csvHeaders('okonomi'));
    ctx.body = carrierFinanceCsv(context, carrier.id);
  });

  router.get('/finance/ledger/customer/me', async (ctx) => {
    const customer = requireRole(ctx, 'customer');
    ctx.body = await customerLedger(context, customer.id);
  });

  router.get('/admin/financial-overview', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = await financialOverview(context);
  });

  router.get('/admin/platform-saldo', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = await platformSaldo(context);
  });

  router.get('/admin/platform-saldo.csv', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.set(csvHeaders('platform_balance'));
    ctx.body = platformSaldoCsv(context);
  });

  return router;
}

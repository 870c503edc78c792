import Router from '@koa/router';
import { requireServiceCaller, requireUser } from '@fragtbud/platform';
import type { BidsContext } from '../context';
import { bidJsonFor, viewerOf } from '../bids/bid-json';
import type { BidRow } from '../bids/repo';

/**
 * GET /internal/account/data — for the gateway's data export: the bids the caller placed (a carrier sees their
 * payout) or received on their tasks (a customer sees gross prices), in the same view the bid list gives them.
 */
export function internalAccountRouter(context: BidsContext): Router {
  const router = new Router({ prefix: '/internal/account' });

  router.get('/data', async (ctx) => {
    requireServiceCaller(ctx);
    const caller = requireUser(ctx);
    const rows = (await context.db<BidRow>('bids')
      .where((w) => w.where({ carrier_id: caller.id }).orWhere({ customer_id: caller.id }))
      .orderBy('id')) as BidRow[];
    ctx.body = { bids: rows.map((row) => bidJsonFor(viewerOf(caller, row), row)) };
  });

  return router;
}

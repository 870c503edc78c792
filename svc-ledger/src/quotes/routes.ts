import Router from '@koa/router';
import { internalQuoteRequestSchema, quoteRequestSchema } from '@fragtbud/contracts';
import { parseBody, requireServiceCaller, requireUser } from '@fragtbud/platform';
import type { LedgerContext } from '../context';
import { carrierFeesForService, quoteForCaller, quoteForService } from './service';

export function quotesRouter(context: LedgerContext): Router {
  const router = new Router();

  router.post('/pricing/quote', async (ctx) => {
    const caller = requireUser(ctx);
    const request = parseBody(ctx, quoteRequestSchema);
    ctx.body = await quoteForCaller(context, caller, request);
  });

  /** Only other services (svc-bids) may ask: the full quote, for a bid's snapshot. */
  router.post('/internal/quotes', async (ctx) => {
    requireServiceCaller(ctx);
    const request = parseBody(ctx, internalQuoteRequestSchema);
    ctx.body = await quoteForService(context, request);
  });

  /** Only other services (svc-bids, once): every carrier on a list with its fee, so bids are priced there. */
  router.get('/internal/carrier-fees', async (ctx) => {
    requireServiceCaller(ctx);
    ctx.body = await carrierFeesForService(context);
  });

  return router;
}

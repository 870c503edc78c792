import Router from '@koa/router';
import { eventMetaOf } from '@fragtbud/platform';
import type { PaymentsContext } from '../context';
import { handleStripeWebhook } from './service';

/** POST /payments/webhook — Stripe calls it through the gateway (anonymous); the signature is the authentication. */
export function webhooksRouter(context: PaymentsContext): Router {
  const router = new Router();

  router.post('/payments/webhook', async (ctx) => {
    ctx.body = await handleStripeWebhook(context, ctx.request.rawBody, ctx.get('stripe-signature') || undefined, eventMetaOf(ctx));
  });

  return router;
}

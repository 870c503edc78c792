import Router from '@koa/router';
import { confirmPaymentBodySchema, createPaymentIntentBodySchema, mockCompleteBodySchema, paymentIntentIdSchema } from '@fragtbud/contracts';
import { domainError, eventMetaOf, idempotent, parseBody, requireRole } from '@fragtbud/platform';
import type { Context } from 'koa';
import type { PaymentsContext } from '../context';
import { completeMockPayment, confirmPayment, createPaymentIntent } from './service';

/** Who may pay a task: its owner is a customer (or an admin who created it); never a carrier. */
const taskOwnerRole = (ctx: Context) => requireRole(ctx, 'customer', 'admin');

export function paymentsRouter(context: PaymentsContext): Router {
  const router = new Router({ prefix: '/payments' });

  router.post('/intents', idempotent(() => context.db), async (ctx) => {
    const caller = taskOwnerRole(ctx);
    const body = parseBody(ctx, createPaymentIntentBodySchema);
    ctx.body = await createPaymentIntent(context, caller, body, eventMetaOf(ctx));
  });

  router.post('/confirm', async (ctx) => {
    const caller = taskOwnerRole(ctx);
    const { paymentIntentId } = parseBody(ctx, confirmPaymentBodySchema);
    ctx.body = await confirmPayment(context, caller, paymentIntentId, eventMetaOf(ctx));
  });

  router.post('/mock/:paymentIntentId/complete', async (ctx) => {
    const caller = taskOwnerRole(ctx);
    const paymentIntentId = intentIdParam(ctx);
    const { card } = parseBody(ctx, mockCompleteBodySchema);
    ctx.body = await completeMockPayment(context, caller, paymentIntentId, card, eventMetaOf(ctx));
  });

  return router;
}

function intentIdParam(ctx: Context): string {
  const parsed = paymentIntentIdSchema.safeParse((ctx as Context & { params: Record<string, string> }).params.paymentIntentId);
  if (!parsed.success) throw domainError('invalid_payment_intent_id');
  return parsed.data;
}

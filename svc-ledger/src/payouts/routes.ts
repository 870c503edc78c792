import Router from '@koa/router';
import {
  carrierPayoutBodySchema,
  idParamSchema,
  messages,
  payoutStatusBodySchema,
  platformPayoutBodySchema,
} from '@fragtbud/contracts';
import { eventMetaOf, idempotent, idempotencyKeyOf, parseBody, parseIdParam, requireRole } from '@fragtbud/platform';
import type { LedgerContext } from '../context';
import { changePayoutStatus, createCarrierPayout, createPlatformPayout, requestPayout } from './service';

export function payoutsRouter(context: LedgerContext): Router {
  const router = new Router({ prefix: '/finance' });
  // The service answers a repeated key with the row it made; a key reused for another body is refused (422).
  const keyForOneBody = idempotent(() => context.db, { replay: false });

  router.post('/payouts/carrier', keyForOneBody, async (ctx) => {
    const admin = requireRole(ctx, 'admin');
    const body = parseBody(ctx, carrierPayoutBodySchema);
    const result = await createCarrierPayout(context, admin, body, idempotencyKeyOf(ctx), eventMetaOf(ctx));
    ctx.status = result.created ? 201 : 200;
    ctx.body = result.value;
  });

  router.post('/payouts/platform', keyForOneBody, async (ctx) => {
    const admin = requireRole(ctx, 'admin');
    const body = parseBody(ctx, platformPayoutBodySchema);
    const result = await createPlatformPayout(context, admin, body, idempotencyKeyOf(ctx), eventMetaOf(ctx));
    ctx.status = result.created ? 201 : 200;
    ctx.body = result.value;
  });

  router.put('/payouts/:id/status', async (ctx) => {
    const admin = requireRole(ctx, 'admin');
    const id = parseIdParam(ctx, idParamSchema.max(2_147_483_647), messages.invalidPayoutId, 'invalid_payout_id');
    const body = parseBody(ctx, payoutStatusBodySchema);
    ctx.body = await changePayoutStatus(context, admin, id, body, eventMetaOf(ctx));
  });

  router.post('/payout-requests', keyForOneBody, async (ctx) => {
    const carrier = requireRole(ctx, 'carrier');
    const result = await requestPayout(context, carrier, idempotencyKeyOf(ctx), eventMetaOf(ctx));
    ctx.status = result.created ? 201 : 200;
    ctx.body = { payout: result.value, message: messages.payoutRequestCreated };
  });

  return router;
}

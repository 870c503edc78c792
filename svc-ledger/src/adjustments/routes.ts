import Router from '@koa/router';
import { adjustmentBodySchema } from '@fragtbud/contracts';
import { eventMetaOf, idempotent, idempotencyKeyOf, parseBody, requireRole } from '@fragtbud/platform';
import type { LedgerContext } from '../context';
import { createAdjustment } from './service';

export function adjustmentsRouter(context: LedgerContext): Router {
  const router = new Router({ prefix: '/finance' });
  // The service answers a repeated key with the row it made; a key reused for another body is refused (422).
  const keyForOneBody = idempotent(() => context.db, { replay: false });

  router.post('/adjustments', keyForOneBody, async (ctx) => {
    const admin = requireRole(ctx, 'admin');
    const body = parseBody(ctx, adjustmentBodySchema);
    const result = await createAdjustment(context, admin, body, idempotencyKeyOf(ctx), eventMetaOf(ctx));
    ctx.status = result.created ? 201 : 200;
    ctx.body = result.value;
  });

  return router;
}

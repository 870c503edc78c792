import Router from '@koa/router';
import { chargeBodySchema } from '@fragtbud/contracts';
import { eventMetaOf, idempotent, idempotencyKeyOf, parseBody, requireRole } from '@fragtbud/platform';
import type { PaymentsContext } from '../context';
import { chargeExtraFee } from './service';

export function chargesRouter(context: PaymentsContext): Router {
  const router = new Router();
  // The service answers a repeated key with the row it made; a key reused for another body is refused (422).
  const keyForOneBody = idempotent(() => context.db, { replay: false });

  router.post('/admin/charges', keyForOneBody, async (ctx) => {
    const admin = requireRole(ctx, 'admin');
    const body = parseBody(ctx, chargeBodySchema);
    const result = await chargeExtraFee(context, admin, body, idempotencyKeyOf(ctx), eventMetaOf(ctx));
    ctx.status = result.created ? 201 : 200;
    ctx.body = result.value;
  });

  return router;
}

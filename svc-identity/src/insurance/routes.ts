import Router from '@koa/router';
import { idParamSchema, insuranceCreateBodySchema, insuranceUpdateBodySchema, messages } from '@fragtbud/contracts';
import { idempotent, parseBody, parseIdParam, requireRole } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { addInsurance, changeInsurance, insuranceOfUser, myInsurance } from './service';

const int4Id = idParamSchema.max(2_147_483_647);

/** GET /users/insurance/me, POST /users/insurance, PUT /users/insurance/{id}: carriers' own records. */
export function insuranceRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/users/insurance' });
  router.get('/me', async (ctx) => {
    ctx.body = { items: await myInsurance(context, requireRole(ctx, 'carrier')) };
  });
  // A double submit of the upload form (same Idempotency-Key) adds one record.
  router.post('/', idempotent(() => context.db), async (ctx) => {
    const caller = requireRole(ctx, 'carrier');
    ctx.status = 201;
    ctx.body = await addInsurance(context, caller, parseBody(ctx, insuranceCreateBodySchema), ctx.state.requestId);
  });
  router.put('/:id', async (ctx) => {
    const caller = requireRole(ctx, 'carrier');
    const id = parseIdParam(ctx, int4Id, messages.invalidInsuranceId, 'invalid_insurance_id');
    ctx.body = await changeInsurance(context, caller, id, parseBody(ctx, insuranceUpdateBodySchema), ctx.state.requestId);
  });
  return router;
}

/** GET /admin/users/{id}/insurance: what the admin sees when approving a carrier. */
export function adminInsuranceRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/admin/users' });
  router.get('/:id/insurance', async (ctx) => {
    requireRole(ctx, 'admin');
    const userId = parseIdParam(ctx, int4Id, messages.invalidUserId, 'invalid_user_id');
    ctx.body = { items: await insuranceOfUser(context, userId) };
  });
  return router;
}

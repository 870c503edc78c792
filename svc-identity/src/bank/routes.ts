import Router from '@koa/router';
import { bankInfoBodySchema, messages } from '@fragtbud/contracts';
import { domainError, parseBody, requireUser } from '@fragtbud/platform';
import type { Context } from 'koa';
import type { IdentityContext } from '../context';
import { getBankInfo, saveBankInfo } from './service';

function requireCarrier(ctx: Context) {
  const caller = requireUser(ctx);
  if (caller.role !== 'carrier') throw domainError('carriers_only');
  return caller;
}

/** GET, PUT /users/bank-info: carriers only (reg.nr. 4 digits, account up to 10). */
export function bankRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/users/bank-info' });
  router.get('/', async (ctx) => {
    ctx.body = await getBankInfo(context, requireCarrier(ctx));
  });
  router.put('/', async (ctx) => {
    const caller = requireCarrier(ctx);
    const saved = await saveBankInfo(context, caller, parseBody(ctx, bankInfoBodySchema));
    ctx.body = { ...saved, message: messages.bankUpdated };
  });
  return router;
}

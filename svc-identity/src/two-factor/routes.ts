import Router from '@koa/router';
import {
  twoFactorDisableBodySchema,
  twoFactorEmailRequestBodySchema,
  twoFactorEmailVerifyBodySchema,
  twoFactorEnableBodySchema,
} from '@fragtbud/contracts';
import { parseBody, requireUser } from '@fragtbud/platform';
import { answerSignedIn } from '../auth/routes';
import type { IdentityContext } from '../context';
import { clientOf } from '../http';
import { disable, enable, mailLoginCode, startSetup, twoFactorStatus, verifyLoginCode } from './service';

/** Profile setup (/auth/2fa, /setup, /enable, /disable) and the login's code step (/auth/2fa/email/*). */
export function twoFactorRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/auth/2fa' });
  router.get('/', async (ctx) => {
    ctx.body = await twoFactorStatus(context, requireUser(ctx));
  });
  router.post('/setup', async (ctx) => {
    ctx.body = await startSetup(context, requireUser(ctx));
  });
  router.post('/enable', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = await enable(context, caller, parseBody(ctx, twoFactorEnableBodySchema).code);
  });
  router.post('/disable', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = await disable(context, caller, parseBody(ctx, twoFactorDisableBodySchema));
  });
  router.post('/email/request', async (ctx) => {
    ctx.body = await mailLoginCode(context, parseBody(ctx, twoFactorEmailRequestBodySchema));
  });
  router.post('/email/verify', async (ctx) => {
    const body = parseBody(ctx, twoFactorEmailVerifyBodySchema);
    answerSignedIn(context, ctx, await verifyLoginCode(context, body, clientOf(ctx)), 200);
  });
  return router;
}

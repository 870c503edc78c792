import Router from '@koa/router';
import { emailBodySchema, resetPasswordBodySchema } from '@fragtbud/contracts';
import { parseBody, requireUser, sessionTokenOf } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { clientOf } from '../http';
import { changePassword, requestPasswordReset, resetPasswordWithToken } from './service';

/** POST /auth/forgot-password {email}; POST /auth/reset-password {token,newPassword} or {currentPassword,newPassword}. */
export function passwordRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/auth' });
  router.post('/forgot-password', async (ctx) => {
    ctx.body = await requestPasswordReset(context, parseBody(ctx, emailBodySchema).email, clientOf(ctx));
  });
  router.post('/reset-password', async (ctx) => {
    const body = parseBody(ctx, resetPasswordBodySchema);
    if (body.token) {
      ctx.body = await resetPasswordWithToken(context, body.token, body.newPassword);
      return;
    }
    const caller = requireUser(ctx);
    ctx.body = await changePassword(context, caller, {
      currentPassword: body.currentPassword ?? '',
      newPassword: body.newPassword,
      currentToken: sessionTokenOf(ctx).token,
    });
  });
  return router;
}

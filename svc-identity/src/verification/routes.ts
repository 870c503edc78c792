import Router from '@koa/router';
import { emailBodySchema, verifyEmailBodySchema } from '@fragtbud/contracts';
import { parseBody } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { clientOf } from '../http';
import { requestVerification, verifyEmail } from './service';

/** POST /auth/verify-request {email} and POST /auth/verify-email {token}. */
export function verificationRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/auth' });
  router.post('/verify-request', async (ctx) => {
    ctx.body = await requestVerification(context, parseBody(ctx, emailBodySchema).email, clientOf(ctx));
  });
  router.post('/verify-email', async (ctx) => {
    ctx.body = await verifyEmail(context, parseBody(ctx, verifyEmailBodySchema).token);
  });
  return router;
}

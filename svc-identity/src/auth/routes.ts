import Router, { type RouterContext } from '@koa/router';
import { loginBodySchema, registerBodySchema } from '@fragtbud/contracts';
import { eventMetaOf, parseBody, requireUser } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { clientOf } from '../http';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../sessions/cookie';
import { getProfile } from '../users/service';
import { login, logout, register, type SignedIn } from './service';

export function authRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/auth' });
  const cookieOptions = {
    maxAgeSeconds: Math.floor(context.config.SESSION_ABSOLUTE_DAYS * 24 * 60 * 60),
    secure: context.config.COOKIE_SECURE,
  };
  const answerSignedIn = (ctx: RouterContext, signedIn: SignedIn, status: number) => {
    setSessionCookie(ctx, signedIn.session.token, cookieOptions);
    ctx.status = status;
    ctx.body = { success: true, user: signedIn.user, token: signedIn.session.token };
  };

  router.post('/register', async (ctx) => {
    const body = parseBody(ctx, registerBodySchema);
    answerSignedIn(ctx, await register(context, body, clientOf(ctx), eventMetaOf(ctx)), 201);
  });

  router.post('/login', async (ctx) => {
    const body = parseBody(ctx, loginBodySchema);
    answerSignedIn(ctx, await login(context, body, clientOf(ctx)), 200);
  });

  router.post('/logout', async (ctx) => {
    const caller = requireUser(ctx);
    await logout(context, caller, sessionTokenOf(ctx));
    clearSessionCookie(ctx, cookieOptions);
    ctx.status = 204;
  });

  router.get('/profile', async (ctx) => {
    ctx.body = { user: await getProfile(context, requireUser(ctx)) };
  });

  return router;
}

import Router, { type RouterContext } from '@koa/router';
import { loginBodySchema, registerBodySchema, sessionTransportHeader } from '@fragtbud/contracts';
import { clearSessionCookie, eventMetaOf, parseBody, requireUser, sessionTokenOf, setSessionCookie } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { clientOf } from '../http';
import { getProfile } from '../users/service';
import { login, logout, register, type SignedIn } from './service';

/**
 * The answer of every sign-in (register, login, the two-factor code step). The browser keeps its session in the
 * HttpOnly cookie only, out of reach of scripts; an API client that wants the token in the JSON says so with
 * `X-Session-Transport: bearer`.
 */
export function answerSignedIn(context: IdentityContext, ctx: RouterContext, signedIn: SignedIn, status: number): void {
  const maxAgeSeconds = Math.floor(context.config.SESSION_ABSOLUTE_DAYS * 24 * 60 * 60);
  const secure = context.config.COOKIE_SECURE || ctx.state.client?.https === true;
  setSessionCookie(ctx, signedIn.session.token, { maxAgeSeconds, secure });
  const wantsBearer = ctx.get(sessionTransportHeader).trim().toLowerCase() === 'bearer';
  ctx.status = status;
  ctx.body = { success: true, user: signedIn.user, ...(wantsBearer && { token: signedIn.session.token }) };
}

export function authRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/auth' });

  router.post('/register', async (ctx) => {
    const body = parseBody(ctx, registerBodySchema);
    answerSignedIn(context, ctx, await register(context, body, clientOf(ctx), eventMetaOf(ctx)), 201);
  });

  router.post('/login', async (ctx) => {
    const body = parseBody(ctx, loginBodySchema);
    const outcome = await login(context, body, clientOf(ctx));
    if ('twoFactorRequired' in outcome) ctx.body = outcome;
    else answerSignedIn(context, ctx, outcome, 200);
  });

  router.post('/logout', async (ctx) => {
    const caller = requireUser(ctx);
    await logout(context, caller, sessionTokenOf(ctx).token);
    clearSessionCookie(ctx);
    ctx.status = 204;
  });

  router.get('/profile', async (ctx) => {
    ctx.body = { user: await getProfile(context, requireUser(ctx)) };
  });

  return router;
}

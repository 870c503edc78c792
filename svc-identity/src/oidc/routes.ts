import Router from '@koa/router';
import { AppError, setSessionCookie } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { clientOf } from '../http';
import { createOidcLogin } from './service';

/**
 * GET /auth/oidc/config ({enabled, label}: the login page shows the button only when enabled),
 * GET /auth/oidc/start?next=/path (302 to the provider) and GET /auth/oidc/callback (302 back into the site with the
 * session cookie, or to /login?oidcError=…). Both 404 when OIDC_ISSUER is unset.
 */
export function oidcRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/auth/oidc' });
  const oidc = createOidcLogin(context);
  const requireEnabled = () => {
    if (!oidc.enabled) throw AppError.notFound();
  };
  router.get('/config', async (ctx) => {
    ctx.body = { enabled: oidc.enabled, label: oidc.enabled ? oidc.label : null };
  });
  router.get('/start', async (ctx) => {
    requireEnabled();
    const next = typeof ctx.query.next === 'string' ? ctx.query.next : '/dashboard';
    let url: URL;
    try {
      url = await oidc.start(next);
    } catch (error) {
      context.logger.warn({ err: error }, 'OpenID Connect provider unreachable');
      throw AppError.unavailable();
    }
    ctx.redirect(url.href);
  });
  router.get('/callback', async (ctx) => {
    requireEnabled();
    const outcome = await oidc.finish(ctx.querystring, clientOf(ctx));
    if ('failure' in outcome) {
      ctx.redirect(`/login?oidcError=${outcome.failure}`);
      return;
    }
    setSessionCookie(ctx, outcome.session.token, {
      maxAgeSeconds: Math.floor(context.config.SESSION_ABSOLUTE_DAYS * 24 * 60 * 60),
      secure: context.config.COOKIE_SECURE || ctx.state.client?.https === true,
    });
    ctx.redirect(outcome.next);
  });
  return router;
}

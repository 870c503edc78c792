import Router, { type RouterContext } from '@koa/router';
import { idParamSchema, messages, type AuthUser, type OidcErrorCode } from '@fragtbud/contracts';
import { domainError, parseIdParam, requireUser, setSessionCookie } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { clientOf } from '../http';
import { createOidcLogin, linksOf, oidcBrowserCookieMaxAgeSeconds, removeLink, type OidcOutcome } from './service';

const browserCookie = { plain: 'oidc_browser', secure: '__Host-oidc_browser' } as const;

/**
 * GET /auth/oidc/config ({enabled, label}: the login page and the profile show their buttons only when enabled),
 * GET /auth/oidc/start?next=/path (302 to the provider), GET /auth/oidc/link/start (signed in: 302 to the provider to
 * link its login to this account) and GET /auth/oidc/callback (302 back into the site: a session, the code step, the
 * profile after a linking, or `/login?oidcError=<code>` — never JSON). start, link/start and callback are 404 when
 * OIDC_ISSUER is unset. GET /auth/oidc/links and DELETE /auth/oidc/links/{id}: the caller's own links.
 */
export function oidcRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/auth/oidc' });
  const oidc = createOidcLogin(context);
  const requireEnabled = () => {
    if (!oidc.enabled) throw domainError('not_found');
  };
  const secureOf = (ctx: RouterContext) => context.config.COOKIE_SECURE || ctx.state.client?.https === true;

  /** The short-lived HttpOnly cookie binding a login to this browser (Lax: it comes back on the provider's redirect). */
  function setBrowserCookie(ctx: RouterContext, value: string, maxAgeSeconds: number): void {
    const secure = secureOf(ctx);
    const parts = [`${secure ? browserCookie.secure : browserCookie.plain}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
    if (secure) parts.push('Secure');
    ctx.append('Set-Cookie', parts.join('; '));
  }
  const browserTokenOf = (ctx: RouterContext) => ctx.cookies.get(browserCookie.secure) ?? ctx.cookies.get(browserCookie.plain) ?? null;

  async function redirectToProvider(ctx: RouterContext, next: string, linkUserId: number | null, onFailure: (code: OidcErrorCode) => string) {
    try {
      const { url, browserToken } = await oidc.start({ next, linkUserId });
      setBrowserCookie(ctx, browserToken, oidcBrowserCookieMaxAgeSeconds);
      ctx.redirect(url.href);
    } catch (error) {
      // A provider that is down, or whose discovery names another issuer than configured.
      context.logger.warn({ err: error }, 'OpenID Connect provider unreachable or not the configured issuer');
      ctx.redirect(onFailure('unavailable'));
    }
  }

  const loginFailure = (code: OidcErrorCode) => `/login?oidcError=${code}`;
  const profileFailure = (code: OidcErrorCode) => `/profile?tab=security&oidcError=${code}`;

  router.get('/config', async (ctx) => {
    ctx.body = { enabled: oidc.enabled, label: oidc.enabled ? oidc.label : null };
  });

  router.get('/start', async (ctx) => {
    requireEnabled();
    await redirectToProvider(ctx, typeof ctx.query.next === 'string' ? ctx.query.next : '/dashboard', null, loginFailure);
  });

  router.get('/link/start', async (ctx) => {
    requireEnabled();
    const caller = ctx.state.user as AuthUser | undefined;
    if (!caller) return ctx.redirect(loginFailure('sign_in_required'));
    if (caller.role === 'admin') return ctx.redirect(profileFailure('admin_not_allowed'));
    await redirectToProvider(ctx, '/profile?tab=security', caller.id, profileFailure);
  });

  router.get('/callback', async (ctx) => {
    requireEnabled();
    let outcome: OidcOutcome;
    try {
      outcome = await oidc.finish({
        callbackQuery: ctx.querystring,
        browserToken: browserTokenOf(ctx),
        caller: (ctx.state.user as AuthUser | undefined) ?? null,
        client: clientOf(ctx),
      });
    } catch (error) {
      context.logger.warn({ err: error }, 'OpenID Connect callback failed');
      outcome = { kind: 'failed', code: 'failed', linking: false };
    }
    // Single use: the binding ends with its login, whatever the outcome.
    setBrowserCookie(ctx, '', 0);
    switch (outcome.kind) {
      case 'signed_in':
        setSessionCookie(ctx, outcome.session.token, {
          maxAgeSeconds: Math.floor(context.config.SESSION_ABSOLUTE_DAYS * 24 * 60 * 60),
          secure: secureOf(ctx),
        });
        return ctx.redirect(outcome.next);
      case 'second_factor': {
        // In the fragment: never sent to a server or in a Referer; the login page reads it and goes to the code step.
        const fragment = new URLSearchParams({ challenge: outcome.challenge, email: outcome.email, next: outcome.next });
        return ctx.redirect(`/login?oidc=two_factor#${fragment.toString()}`);
      }
      case 'linked':
        return ctx.redirect('/profile?tab=security');
      case 'failed':
        return ctx.redirect(outcome.linking ? profileFailure(outcome.code) : loginFailure(outcome.code));
    }
  });

  router.get('/links', async (ctx) => {
    ctx.body = await linksOf(context, requireUser(ctx));
  });

  router.delete('/links/:id', async (ctx) => {
    const caller = requireUser(ctx);
    const id = parseIdParam(ctx, idParamSchema.max(2_147_483_647), messages.invalidOidcLinkId, 'invalid_oidc_link_id');
    await removeLink(context, caller, id);
    ctx.status = 204;
  });

  return router;
}

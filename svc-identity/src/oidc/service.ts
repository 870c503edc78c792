import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { AuthUser, OidcErrorCode, OidcLink } from '@fragtbud/contracts';

import { domainError } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { openSession, type ClientInfo, type NewSession } from '../sessions/service';
import { hashSessionToken } from '../sessions/tokens';
import { openLoginChallenge } from '../two-factor/service';
import { findUserById } from '../users/repo';
import {
  deleteOidcLinkOf,
  findOidcLink,
  insertOidcLink,
  insertOidcLogin,
  listOidcLinksOf,
  takeOidcLogin,
  touchOidcLink,
  type OidcLinkRow,
} from './repo';

const pendingTtlMs = 10 * 60_000;
export const oidcBrowserCookieMaxAgeSeconds = pendingTtlMs / 1000;

/** Where a callback ends, for the routes to turn into a redirect (and, for a session, a cookie). */
export type OidcOutcome =
  | { kind: 'signed_in'; session: NewSession; next: string }
  | { kind: 'second_factor'; challenge: string; email: string; next: string }
  | { kind: 'linked' }
  | { kind: 'failed'; code: OidcErrorCode; linking: boolean };

export interface OidcStart {
  url: URL;
  /** The value of the HttpOnly cookie that binds this login to the browser that started it. */
  browserToken: string;
}

export interface OidcLogin {
  readonly enabled: boolean;
  readonly label: string;
  /** The provider's authorization URL (code + PKCE S256, state, nonce), bound to the starting browser; `linkUserId` links instead of signing in. */
  start(input: { next: string; linkUserId: number | null }): Promise<OidcStart>;
  /** The callback: checked against the pending login and the browser's cookie, then a sign-in or a linking. */
  finish(input: { callbackQuery: string; browserToken: string | null; caller: AuthUser | null; client: ClientInfo }): Promise<OidcOutcome>;
}

/** Only a path on this site: never another origin (no open redirect). */
export function safeNextPath(next: string | undefined): string {
  return next && /^\/(?![/\\])[^\s]*$/.test(next) ? next : '/dashboard';
}

const listOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Whether the ID token proves the provider asked for more than one factor, per OIDC_MFA_AMR / OIDC_MFA_ACR. */
export function providerProvedMfa(claims: Record<string, unknown>, config: { OIDC_MFA_AMR: string; OIDC_MFA_ACR: string }): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((value): value is string => typeof value === 'string') : [];
  const acceptedAmr = listOf(config.OIDC_MFA_AMR);
  if (amr.some((value) => acceptedAmr.includes(value))) return true;
  return typeof claims.acr === 'string' && listOf(config.OIDC_MFA_ACR).includes(claims.acr);
}

export function createOidcLogin(context: IdentityContext): OidcLogin {
  const { config } = context;
  const redirectUri = config.OIDC_REDIRECT_URI ?? `${config.PUBLIC_ORIGIN}/api/auth/oidc/callback`;
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        new URL(config.OIDC_ISSUER as string),
        config.OIDC_CLIENT_ID as string,
        config.OIDC_CLIENT_SECRET as string,
        undefined,
        // Plain http only for a local provider outside production (tests); the config refuses http in production.
        config.OIDC_ISSUER?.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  async function signIn(link: OidcLinkRow, claims: Record<string, unknown>, next: string, clientInfo: ClientInfo): Promise<OidcOutcome> {
    const user = await findUserById(context.db, link.user_id);
    const failed = (code: OidcErrorCode): OidcOutcome => ({ kind: 'failed', code, linking: false });
    if (!user || user.erased_at) return failed('not_linked');
    // Admins sign in with password and second factor only.
    if (user.role === 'admin') return failed('admin_not_allowed');
    if (user.is_blocked) return failed('blocked');
    const now = context.clock();
    if (user.totp_enabled_at && !providerProvedMfa(claims, config)) {
      const challenge = await context.db.transaction(async (trx) => {
        await touchOidcLink(trx, link.id, now);
        return openLoginChallenge(context, trx, user.id);
      });
      context.logger.info({ userId: user.id }, 'OpenID Connect login waits for the second factor');
      return { kind: 'second_factor', challenge, email: user.email, next };
    }
    const session = await context.db.transaction(async (trx) => {
      await touchOidcLink(trx, link.id, now);
      return openSession(context, trx, user.id, clientInfo);
    });
    context.logger.info({ userId: user.id }, 'signed in with OpenID Connect');
    return { kind: 'signed_in', session, next };
  }

  return {
    enabled: Boolean(config.OIDC_ISSUER),
    label: config.OIDC_LABEL,
    async start({ next, linkUserId }) {
      const oidc = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const browserToken = randomBytes(32).toString('base64url');
      const now = context.clock();
      await insertOidcLogin(
        context.db,
        {
          state_hash: hashSessionToken(state),
          code_verifier: codeVerifier,
          nonce,
          next_path: linkUserId === null ? safeNextPath(next) : '/profile?tab=security',
          expires_at: new Date(now.getTime() + pendingTtlMs),
          browser_hash: hashSessionToken(browserToken),
          link_user_id: linkUserId,
        },
        now,
      );
      const url = client.buildAuthorizationUrl(oidc, {
        redirect_uri: redirectUri,
        scope: config.OIDC_SCOPES,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, browserToken };
    },
    async finish({ callbackQuery, browserToken, caller, client: clientInfo }) {
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = callbackQuery;
      const state = callbackUrl.searchParams.get('state');
      const pending = state ? await takeOidcLogin(context.db, hashSessionToken(state), context.clock()) : undefined;
      if (!state || !pending) return { kind: 'failed', code: 'failed', linking: caller !== null };
      const linking = pending.link_user_id !== null;
      // Login CSRF: a callback URL made in one browser and opened in another finds no matching cookie there.
      if (!browserToken || hashSessionToken(browserToken) !== pending.browser_hash) {
        context.logger.warn({ linking }, 'OpenID Connect callback from another browser refused');
        return { kind: 'failed', code: 'browser_mismatch', linking };
      }
      let claims: Record<string, unknown>;
      try {
        const oidc = await configuration();
        const tokens = await client.authorizationCodeGrant(oidc, callbackUrl, {
          pkceCodeVerifier: pending.code_verifier,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) return { kind: 'failed', code: 'failed', linking };
        claims = idToken as Record<string, unknown>;
        // Many providers put the e-mail only in the UserInfo answer (its subject must match the ID token's).
        if (linking && idToken.email === undefined) {
          const info = await client.fetchUserInfo(oidc, tokens.access_token, idToken.sub);
          claims = { ...info, ...claims, email: info.email };
        }
      } catch (error) {
        context.logger.warn({ err: error }, 'OpenID Connect callback refused');
        return { kind: 'failed', code: 'failed', linking };
      }
      const issuer = String(claims.iss);
      const subject = String(claims.sub);

      if (pending.link_user_id !== null) {
        // The account that asked for the link must still be the one signed in here (when the cookie came along).
        if (caller && caller.id !== pending.link_user_id) return { kind: 'failed', code: 'link_failed', linking };
        const owner = await findUserById(context.db, pending.link_user_id);
        if (!owner || owner.is_blocked || owner.erased_at) return { kind: 'failed', code: 'link_failed', linking };
        if (owner.role === 'admin') return { kind: 'failed', code: 'admin_not_allowed', linking };
        const existing = await findOidcLink(context.db, issuer, subject);
        if (existing && existing.user_id !== owner.id) return { kind: 'failed', code: 'already_linked', linking };
        if (!existing) {
          const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
          const created = await insertOidcLink(context.db, { user_id: owner.id, issuer, subject, email, created_at: context.clock() });
          if (!created) return { kind: 'failed', code: 'already_linked', linking };
          context.logger.info({ userId: owner.id, linkId: created.id }, 'OpenID Connect login linked');
        }
        return { kind: 'linked' };
      }

      // Only a stored link signs in: never a match by e-mail, and nothing about the account changes.
      const link = await findOidcLink(context.db, issuer, subject);
      if (!link) return { kind: 'failed', code: 'not_linked', linking };
      return signIn(link, claims, pending.next_path, clientInfo);
    },
  };
}

function toLinkJson(row: OidcLinkRow): OidcLink {
  return {
    id: row.id,
    issuer: row.issuer,
    email: row.email,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

/** GET /auth/oidc/links: the caller's own links. */
export async function linksOf(context: IdentityContext, caller: AuthUser): Promise<{ items: OidcLink[] }> {
  return { items: (await listOidcLinksOf(context.db, caller.id)).map(toLinkJson) };
}

/** DELETE /auth/oidc/links/{id}: one of the caller's own links; anyone else's is 404 like a missing one. */
export async function removeLink(context: IdentityContext, caller: AuthUser, id: number): Promise<void> {
  if (!(await deleteOidcLinkOf(context.db, caller.id, id))) throw domainError('oidc_link_not_found');
  context.logger.info({ userId: caller.id, linkId: id }, 'OpenID Connect link removed');
}

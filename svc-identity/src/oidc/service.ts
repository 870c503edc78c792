import * as client from 'openid-client';
import type { IdentityContext } from '../context';
import { openSession, type ClientInfo, type NewSession } from '../sessions/service';
import { hashSessionToken } from '../sessions/tokens';
import { findUserByEmail, updateUser } from '../users/repo';
import { insertOidcLogin, takeOidcLogin } from './repo';

const pendingTtlMs = 10 * 60_000;

export type OidcFailure = 'failed' | 'no_account' | 'email_not_verified' | 'blocked';

export interface OidcLogin {
  readonly enabled: boolean;
  readonly label: string;
  /** The provider's authorization URL for a new login (code + PKCE S256, state, nonce). */
  start(next: string): Promise<URL>;
  /** The callback: the session of the user whose verified e-mail the provider vouched for, or why not. */
  finish(callbackQuery: string, client: ClientInfo): Promise<{ session: NewSession; next: string } | { failure: OidcFailure }>;
}

/** Only a path on this site: never another origin (no open redirect). */
export function safeNextPath(next: string | undefined): string {
  return next && /^\/(?![/\\])[^\s]*$/.test(next) ? next : '/dashboard';
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

  return {
    enabled: Boolean(config.OIDC_ISSUER),
    label: config.OIDC_LABEL,
    async start(next) {
      const oidc = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const now = context.clock();
      await insertOidcLogin(
        context.db,
        {
          state_hash: hashSessionToken(state),
          code_verifier: codeVerifier,
          nonce,
          next_path: safeNextPath(next),
          expires_at: new Date(now.getTime() + pendingTtlMs),
        },
        now,
      );
      return client.buildAuthorizationUrl(oidc, {
        redirect_uri: redirectUri,
        scope: config.OIDC_SCOPES,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
    },
    async finish(callbackQuery, clientInfo) {
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = callbackQuery;
      const state = callbackUrl.searchParams.get('state');
      const pending = state ? await takeOidcLogin(context.db, hashSessionToken(state), context.clock()) : undefined;
      if (!state || !pending) return { failure: 'failed' };
      let claims: Record<string, unknown> | undefined;
      try {
        const oidc = await configuration();
        const tokens = await client.authorizationCodeGrant(oidc, callbackUrl, {
          pkceCodeVerifier: pending.code_verifier,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        claims = idToken;
        // Many providers put the e-mail only in the UserInfo answer (its subject must match the ID token's).
        if (idToken && idToken.email === undefined) claims = await client.fetchUserInfo(oidc, tokens.access_token, idToken.sub);
      } catch (error) {
        context.logger.warn({ err: error }, 'OpenID Connect callback refused');
        return { failure: 'failed' };
      }
      const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : null;
      if (!email || claims?.email_verified !== true) return { failure: 'email_not_verified' };
      const user = await findUserByEmail(context.db, email);
      if (!user) return { failure: 'no_account' };
      if (user.is_blocked) return { failure: 'blocked' };
      const session = await context.db.transaction(async (trx) => {
        // The provider vouched for the address.
        if (!user.email_verified_at) await updateUser(trx, user.id, { email_verified_at: context.clock() }, context.clock());
        return openSession(context, trx, user.id, clientInfo);
      });
      context.logger.info({ userId: user.id }, 'signed in with OpenID Connect');
      return { session, next: pending.next_path };
    },
  };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signInternalToken } from '@fragtbud/platform';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcErrorText, type AuthUser } from '@fragtbud/contracts';
import { bearerTransport, registerUser, seedAdmin, startIdentity, type Registered, type StartedIdentity } from '../test-harness';
import { totpCodeAt } from '../two-factor/totp';
import { safeNextPath } from './service';

const redirectUri = 'http://127.0.0.1:9/api/auth/oidc/callback';

/** A real OpenID Provider on loopback whose login page signs in whoever `who.sub` names. */
async function startProvider() {
  const accounts = new Map<string, { email: string; verified: boolean }>();
  /** Who signs in at the provider next, and what the provider says about how (amr/acr). */
  const who: { sub: string; amr?: string[]; acr?: string } = { sub: '' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'fragtbud',
        client_secret: 'klient-hemmelighed-til-test',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // acr and amr ride along with the openid scope, as many brokers send them.
    claims: { openid: ['sub', 'acr', 'amr'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: accounts.get(sub)?.email, email_verified: accounts.get(sub)?.verified }),
    }),
  });
  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    let result: Record<string, unknown>;
    if (details.prompt.name === 'login') {
      result = { login: { accountId: who.sub, ...(who.amr && { amr: who.amr }), ...(who.acr && { acr: who.acr }) } };
    } else {
      const grant = new provider.Grant({ accountId: details.session?.accountId as string, clientId: details.params.client_id as string });
      grant.addOIDCScope('openid email profile');
      result = { consent: { grantId: await grant.save() } };
    }
    ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false }));
  });
  server.on('request', provider.callback());
  return { issuer, accounts, who, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Follows the provider's redirects like a browser (keeping its cookies) until it sends us back to redirectUri. */
async function browseToCallback(start: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 15; hop += 1) {
    if (url.startsWith(redirectUri)) return new URL(url);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

let provider: Awaited<ReturnType<typeof startProvider>>;
let identity: StartedIdentity;

beforeAll(async () => {
  provider = await startProvider();
  identity = await startIdentity({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'fragtbud',
    OIDC_CLIENT_SECRET: 'klient-hemmelighed-til-test',
    OIDC_REDIRECT_URI: redirectUri,
    SEED_ADMIN_EMAIL: seedAdmin.email,
    SEED_ADMIN_PASSWORD: seedAdmin.password,
  });
});
afterAll(async () => {
  await identity?.close();
  await provider?.close();
});

/**
 * One browser as our service sees it behind the gateway: its cookies for our site (the session, the OIDC binding)
 * and, when it holds a session, the user the gateway would resolve from it.
 */
class Browser {
  readonly cookies = new Map<string, string>();
  user: AuthUser | null = null;

  async signIn(registered: Registered): Promise<void> {
    const resolved = await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token: registered.token } });
    this.user = resolved.body.user;
    this.cookies.set('session', registered.token);
  }

  /** A GET as the gateway forwards it, without following the redirect it answers; keeps the cookies it sets. */
  async get(path: string) {
    const token = await signInternalToken({ secret: identity.config.INTERNAL_TOKEN_SECRET, user: this.user });
    const response = await fetch(`${identity.url}${path}`, {
      redirect: 'manual',
      headers: { 'x-internal-token': token, cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      if (/Max-Age=0/.test(line)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return { status: response.status, location: response.headers.get('location'), setCookies, body: await response.text() };
  }
}

/** Starts at `startPath` in the browser, signs in at the provider as `sub`, and comes back: the callback URL. */
async function throughProvider(browser: Browser, startPath: string, sub: string) {
  provider.who.sub = sub;
  const start = await browser.get(startPath);
  expect(start.status, start.body).toBe(302);
  const authorize = new URL(start.location ?? '');
  return { authorize, callback: await browseToCallback(authorize.href) };
}

const callbackPath = (url: URL) => `/auth/oidc/callback${url.search}`;
const sessionCookieIn = (setCookies: string[]) => setCookies.map((line) => line.match(/^session=([\w-]+)/)?.[1]).find(Boolean) ?? null;

async function resolvedUserId(token: string | null): Promise<number | null> {
  if (!token) return null;
  const reply = await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } });
  return reply.status === 200 ? reply.body.user.id : null;
}

/** A signed-in user links the provider's `sub` from the profile; answers where the callback sent them. */
async function link(registered: Registered, sub: string, email = registered.user.email) {
  provider.accounts.set(sub, { email, verified: true });
  const browser = new Browser();
  await browser.signIn(registered);
  const { callback } = await throughProvider(browser, '/auth/oidc/link/start', sub);
  return browser.get(callbackPath(callback));
}

let subCounter = 0;
const newSub = () => `mitid-${Date.now().toString(36)}-${(subCounter += 1)}`;

describe('OpenID Connect login', () => {
  it('when configured, then /auth/oidc/config shows the button label', async () => {
    const reply = await identity.call('GET', '/auth/oidc/config');
    expect(reply.body).toEqual({ enabled: true, label: 'Log ind med MitID' });
  });

  it('when a signed-in user links a provider login, then it is stored as (issuer, subject), listed, and signs that user in afterwards without verifying the e-mail', async () => {
    const registered = await registerUser(identity);
    const sub = newSub();
    const linked = await link(registered, sub);
    expect(linked.status).toBe(302);
    expect(linked.location).toBe('/profile?tab=security');
    const rows = await identity.db('oidc_links').where({ user_id: registered.user.id });
    expect(rows).toMatchObject([{ issuer: provider.issuer, subject: sub, email: registered.user.email }]);
    const listed = await identity.call('GET', '/auth/oidc/links', { session: registered.token });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      { id: rows[0].id, issuer: provider.issuer, email: registered.user.email, createdAt: expect.any(String), lastUsedAt: null },
    ]);

    const browser = new Browser();
    const { authorize, callback } = await throughProvider(browser, '/auth/oidc/start?next=%2Fprofile', sub);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const reply = await browser.get(callbackPath(callback));
    expect(reply.status).toBe(302);
    expect(reply.location).toBe('/profile');
    expect(await resolvedUserId(sessionCookieIn(reply.setCookies))).toBe(registered.user.id);
    // Linking and signing in with the provider never marks the e-mail verified.
    expect((await identity.db('users').where({ id: registered.user.id }).first()).email_verified_at).toBeNull();
    // The same callback a second time (state used up) signs nobody in.
    const replay = await browser.get(callbackPath(callback));
    expect(replay.location).toBe('/login?oidcError=failed');
    expect(sessionCookieIn(replay.setCookies)).toBeNull();
  });

  it('when the callback URL made in one browser is opened in another, then browser_mismatch and no session (login CSRF)', async () => {
    const victimOf = await registerUser(identity);
    const sub = newSub();
    await link(victimOf, sub);
    const attacker = new Browser();
    const { callback } = await throughProvider(attacker, '/auth/oidc/start', sub);
    expect(attacker.cookies.get('oidc_browser')).toBeTruthy();
    const victim = new Browser();
    const reply = await victim.get(callbackPath(callback));
    expect(reply.status).toBe(302);
    expect(reply.location).toBe('/login?oidcError=browser_mismatch');
    expect(sessionCookieIn(reply.setCookies)).toBeNull();
    // A forged binding cookie does not help either.
    const forger = new Browser();
    const second = await throughProvider(forger, '/auth/oidc/start', sub);
    forger.cookies.set('oidc_browser', 'gættet-værdi');
    expect((await forger.get(callbackPath(second.callback))).location).toBe('/login?oidcError=browser_mismatch');
  });

  it('when the state is not one we issued, then no session', async () => {
    const registered = await registerUser(identity);
    const sub = newSub();
    await link(registered, sub);
    const browser = new Browser();
    const { callback } = await throughProvider(browser, '/auth/oidc/start', sub);
    callback.searchParams.set('state', 'forfalsket-tilstand');
    const reply = await browser.get(callbackPath(callback));
    expect(reply.location).toBe('/login?oidcError=failed');
    expect(sessionCookieIn(reply.setCookies)).toBeNull();
  });

  it('when the subject is not linked, then not_linked even though the provider vouches for the e-mail of an unverified account, and that account stays as it was', async () => {
    const registered = await registerUser(identity);
    const sub = newSub();
    provider.accounts.set(sub, { email: registered.user.email, verified: true });
    const browser = new Browser();
    const { callback } = await throughProvider(browser, '/auth/oidc/start', sub);
    const reply = await browser.get(callbackPath(callback));
    expect(reply.location).toBe('/login?oidcError=not_linked');
    expect(sessionCookieIn(reply.setCookies)).toBeNull();
    expect(oidcErrorText('not_linked')).toContain('Knyt login');
    const row = await identity.db('users').where({ id: registered.user.id }).first();
    expect(row.email_verified_at).toBeNull();
    expect(await identity.db('oidc_links').where({ user_id: registered.user.id })).toHaveLength(0);
  });

  it("when the provider's e-mail is an admin's, or a link points at an admin, then no admin session ever", async () => {
    const adminLogin = await identity.call('POST', '/auth/login', { headers: bearerTransport, body: seedAdmin });
    const adminRow = await identity.db('users').where({ email: seedAdmin.email }).first();
    const admin: Registered = { user: adminLogin.body.user, token: adminLogin.body.token, password: seedAdmin.password };
    // An admin cannot link.
    const browser = new Browser();
    await browser.signIn(admin);
    const refused = await browser.get('/auth/oidc/link/start');
    expect(refused.location).toBe('/profile?tab=security&oidcError=admin_not_allowed');
    // The provider vouching for the admin's e-mail finds no link.
    const byEmail = newSub();
    provider.accounts.set(byEmail, { email: seedAdmin.email, verified: true });
    const stranger = new Browser();
    const first = await throughProvider(stranger, '/auth/oidc/start', byEmail);
    expect((await stranger.get(callbackPath(first.callback))).location).toBe('/login?oidcError=not_linked');
    // Even a stored link (made before the account became an admin) does not sign an admin in.
    const linkedSub = newSub();
    await identity.db('oidc_links').insert({ user_id: adminRow.id, issuer: provider.issuer, subject: linkedSub, created_at: new Date() });
    const second = await throughProvider(stranger, '/auth/oidc/start', linkedSub);
    const reply = await stranger.get(callbackPath(second.callback));
    expect(reply.location).toBe('/login?oidcError=admin_not_allowed');
    expect(sessionCookieIn(reply.setCookies)).toBeNull();
  });

  it('when the linked user has two-factor on, then the login goes to the code step, and only the code gives a session; a provider that proves MFA skips it', async () => {
    const registered = await registerUser(identity);
    const setup = await identity.call('POST', '/auth/2fa/setup', { session: registered.token });
    const now = () => identity.clock.now();
    expect((await identity.call('POST', '/auth/2fa/enable', { session: registered.token, body: { code: totpCodeAt(setup.body.base32, now()) } })).status).toBe(200);
    identity.clock.advance(30_000);
    const sub = newSub();
    await link(registered, sub);

    const browser = new Browser();
    const { callback } = await throughProvider(browser, '/auth/oidc/start?next=%2Ftask%2F7', sub);
    const reply = await browser.get(callbackPath(callback));
    expect(sessionCookieIn(reply.setCookies)).toBeNull();
    const location = new URL(reply.location ?? '', 'http://site');
    expect(location.pathname + location.search).toBe('/login?oidc=two_factor');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('email')).toBe(registered.user.email);
    expect(fragment.get('next')).toBe('/task/7');
    const verified = await identity.call('POST', '/auth/2fa/email/verify', {
      headers: bearerTransport,
      body: { email: registered.user.email, challenge: fragment.get('challenge'), code: totpCodeAt(setup.body.base32, now()) },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.id).toBe(registered.user.id);

    provider.who.amr = ['pwd', 'mfa'];
    try {
      const proven = new Browser();
      const second = await throughProvider(proven, '/auth/oidc/start', sub);
      const signedIn = await proven.get(callbackPath(second.callback));
      expect(signedIn.location).toBe('/dashboard');
      expect(await resolvedUserId(sessionCookieIn(signedIn.setCookies))).toBe(registered.user.id);
    } finally {
      delete provider.who.amr;
    }
  });

  it('when a subject linked to one account is linked by another, then already_linked on the profile and the first link stays', async () => {
    const first = await registerUser(identity);
    const second = await registerUser(identity);
    const sub = newSub();
    await link(first, sub);
    const reply = await link(second, sub);
    expect(reply.location).toBe('/profile?tab=security&oidcError=already_linked');
    expect(await identity.db('oidc_links').where({ subject: sub })).toMatchObject([{ user_id: first.user.id }]);
  });

  it('when link/start comes without a session, then the login page explains, and no provider trip', async () => {
    const reply = await new Browser().get('/auth/oidc/link/start');
    expect(reply.status).toBe(302);
    expect(reply.location).toBe('/login?oidcError=sign_in_required');
  });

  it("when a user removes a link, then it no longer signs in; someone else's link is 404", async () => {
    const owner = await registerUser(identity);
    const other = await registerUser(identity);
    const sub = newSub();
    await link(owner, sub);
    const [row] = await identity.db('oidc_links').where({ user_id: owner.user.id });
    const foreign = await identity.call('DELETE', `/auth/oidc/links/${row.id}`, { session: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('oidc_link_not_found');
    expect((await identity.call('DELETE', `/auth/oidc/links/${row.id}`, { session: owner.token })).status).toBe(204);
    expect((await identity.call('GET', '/auth/oidc/links', { session: owner.token })).body.items).toEqual([]);
    const browser = new Browser();
    const { callback } = await throughProvider(browser, '/auth/oidc/start', sub);
    expect((await browser.get(callbackPath(callback))).location).toBe('/login?oidcError=not_linked');
  });

  it('when next points to another site, then the login lands on /dashboard instead', () => {
    expect(safeNextPath('//evil.example/x')).toBe('/dashboard');
    expect(safeNextPath('https://evil.example')).toBe('/dashboard');
    expect(safeNextPath('/\\evil.example')).toBe('/dashboard');
    expect(safeNextPath('/task/7?tab=bids')).toBe('/task/7?tab=bids');
  });
});

describe('OpenID Connect against the wrong issuer', () => {
  it('when the provider at OIDC_ISSUER names another issuer, then the login page with a Danish error, never JSON', async () => {
    const port = new URL(provider.issuer).port;
    const wrong = await startIdentity({
      OIDC_ISSUER: `http://localhost:${port}`,
      OIDC_CLIENT_ID: 'fragtbud',
      OIDC_CLIENT_SECRET: 'klient-hemmelighed-til-test',
      OIDC_REDIRECT_URI: redirectUri,
    });
    try {
      const token = await signInternalToken({ secret: wrong.config.INTERNAL_TOKEN_SECRET, user: null });
      const response = await fetch(`${wrong.url}/auth/oidc/start`, { redirect: 'manual', headers: { 'x-internal-token': token } });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login?oidcError=unavailable');
      expect(oidcErrorText('unavailable')).toBe('Login-udbyderen svarer ikke lige nu. Prøv igen om lidt.');
      const callback = await fetch(`${wrong.url}/auth/oidc/callback?code=x&state=y`, { redirect: 'manual', headers: { 'x-internal-token': token } });
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe('/login?oidcError=failed');
    } finally {
      await wrong.close();
    }
  });
});

describe('OpenID Connect not configured', () => {
  it('when OIDC_ISSUER is unset, then the button is hidden and the endpoints are 404', async () => {
    const plain = await startIdentity();
    try {
      expect((await plain.call('GET', '/auth/oidc/config')).body).toEqual({ enabled: false, label: null });
      expect((await plain.call('GET', '/auth/oidc/start')).status).toBe(404);
      expect((await plain.call('GET', '/auth/oidc/link/start')).status).toBe(404);
      expect((await plain.call('GET', '/auth/oidc/callback?code=x&state=y')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

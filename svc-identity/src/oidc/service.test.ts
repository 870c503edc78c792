import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signInternalToken } from '@fragtbud/platform';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startIdentity, uniqueEmail, type StartedIdentity } from '../test-harness';
import { safeNextPath } from './service';

const redirectUri = 'http://127.0.0.1:9/api/auth/oidc/callback';

/** A real OpenID Provider on loopback whose login page signs in whoever `who.sub` names. */
async function startProvider() {
  const accounts = new Map<string, { email: string; verified: boolean }>();
  const who = { sub: '' };
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
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
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
      result = { login: { accountId: who.sub } };
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
  });
});
afterAll(async () => {
  await identity?.close();
  await provider?.close();
});

async function loginThroughProvider(sub: string, next = '/dashboard') {
  provider.who.sub = sub;
  const start = await getWithoutFollowing(`/auth/oidc/start?next=${encodeURIComponent(next)}`);
  expect(start.status, JSON.stringify(start.body)).toBe(302);
  const authorize = new URL(start.headers.get('location') ?? '');
  return { authorize, callback: await browseToCallback(authorize.href) };
}

/** A GET as the gateway forwards it, without following the redirect it answers. */
async function getWithoutFollowing(path: string) {
  const token = await signInternalToken({ secret: identity.config.INTERNAL_TOKEN_SECRET, user: null });
  const response = await fetch(`${identity.url}${path}`, { redirect: 'manual', headers: { 'x-internal-token': token } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

const callback = (url: URL) => getWithoutFollowing(`/auth/oidc/callback${url.search}`);

describe('OpenID Connect login', () => {
  it('when configured, then /auth/oidc/config shows the button label', async () => {
    const reply = await identity.call('GET', '/auth/oidc/config');
    expect(reply.body).toEqual({ enabled: true, label: 'Log ind med MitID' });
  });

  it('when the provider vouches for a verified e-mail of a user, then a session cookie and a redirect to next', async () => {
    const { user } = await registerUser(identity);
    provider.accounts.set('mitid-1', { email: user.email, verified: true });
    const { authorize, callback: back } = await loginThroughProvider('mitid-1', '/profile');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const reply = await callback(back);
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/profile');
    const token = reply.headers.get('set-cookie')?.match(/session=([\w-]+)/)?.[1] ?? '';
    const resolved = await identity.call('POST', '/internal/sessions/resolve', { service: 'gateway', body: { token } });
    expect(resolved.body.user.id).toBe(user.id);
    // The same callback a second time (state used up) signs nobody in.
    const replay = await callback(back);
    expect(replay.headers.get('location')).toBe('/login?oidcError=failed');
    expect(replay.headers.get('set-cookie')).toBeNull();
  });

  it('when the state is not one we issued, then no session', async () => {
    const { user } = await registerUser(identity);
    provider.accounts.set('mitid-2', { email: user.email, verified: true });
    const { callback: back } = await loginThroughProvider('mitid-2');
    back.searchParams.set('state', 'forfalsket-tilstand');
    const reply = await callback(back);
    expect(reply.headers.get('location')).toBe('/login?oidcError=failed');
    expect(reply.headers.get('set-cookie')).toBeNull();
  });

  it('when the e-mail is not verified at the provider or matches no user, then no session', async () => {
    const { user } = await registerUser(identity);
    provider.accounts.set('mitid-3', { email: user.email, verified: false });
    expect((await callback((await loginThroughProvider('mitid-3')).callback)).headers.get('location')).toBe(
      '/login?oidcError=email_not_verified',
    );
    provider.accounts.set('mitid-4', { email: uniqueEmail('ingen'), verified: true });
    expect((await callback((await loginThroughProvider('mitid-4')).callback)).headers.get('location')).toBe('/login?oidcError=no_account');
  });

  it('when next points to another site, then the login lands on /dashboard instead', () => {
    expect(safeNextPath('//evil.example/x')).toBe('/dashboard');
    expect(safeNextPath('https://evil.example')).toBe('/dashboard');
    expect(safeNextPath('/\\evil.example')).toBe('/dashboard');
    expect(safeNextPath('/task/7?tab=bids')).toBe('/task/7?tab=bids');
  });
});

describe('OpenID Connect not configured', () => {
  it('when OIDC_ISSUER is unset, then the button is hidden and the endpoints are 404', async () => {
    const plain = await startIdentity();
    try {
      expect((await plain.call('GET', '/auth/oidc/config')).body).toEqual({ enabled: false, label: null });
      expect((await plain.call('GET', '/auth/oidc/start')).status).toBe(404);
      expect((await plain.call('GET', '/auth/oidc/callback?code=x&state=y')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

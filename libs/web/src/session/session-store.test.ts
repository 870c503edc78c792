import { http, HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, setupApiServer } from '../testing';
import { refreshSessionOnAccountNews, refreshSessionOnReturn, sessionRefreshAfterMs, useSession } from './session-store';

const server = setupApiServer();

beforeEach(() => {
  useSession.setState({ user: null, status: 'idle', expired: false });
  document.cookie = 'signed_in=; Max-Age=0; Path=/';
});

/** What the server sets next to the HttpOnly session cookie at login. */
const giveSessionHint = () => {
  document.cookie = 'signed_in=1; Path=/';
};
const hasSessionHint = () => document.cookie.includes('signed_in=');

/** Everything a script on the page could read: the session must not be there (HttpOnly cookie only). */
function scriptReadableStorage(): string {
  return JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage } });
}

describe('session store', () => {
  it('loads the signed-in user from the profile call on start', async () => {
    const user = makeUser({ name: 'Karen' });
    server.use(http.get('/api/auth/profile', () => HttpResponse.json({ user })));
    giveSessionHint();
    await useSession.getState().loadSession();
    expect(useSession.getState()).toMatchObject({ user, status: 'ready' });
    expect(hasSessionHint()).toBe(true);
  });

  it('when the profile call answers 401, then the visitor is signed out and the stale hint is forgotten', async () => {
    let calls = 0;
    server.use(
      http.get('/api/auth/profile', () => {
        calls += 1;
        return HttpResponse.json({ code: 'unauthorized', message: 'x' }, { status: 401 });
      }),
    );
    giveSessionHint();
    await useSession.getState().loadSession();
    expect(useSession.getState()).toMatchObject({ user: null, status: 'ready', expired: false });
    expect(hasSessionHint()).toBe(false);
    await useSession.getState().loadSession();
    expect(calls).toBe(1);
  });

  it('a visitor without the session hint is known to be signed out without a profile call', async () => {
    let calls = 0;
    server.use(
      http.get('/api/auth/profile', () => {
        calls += 1;
        return HttpResponse.json({ user: makeUser() });
      }),
    );
    await useSession.getState().loadSession();
    expect(useSession.getState()).toMatchObject({ user: null, status: 'ready' });
    expect(calls).toBe(0);
  });

  it('keeps the hint when the profile call fails for another reason (the session may well be alive)', async () => {
    server.use(http.get('/api/auth/profile', () => HttpResponse.json({ code: 'service_unavailable', message: 'x' }, { status: 503 })));
    giveSessionHint();
    await useSession.getState().loadSession();
    expect(useSession.getState()).toMatchObject({ user: null, status: 'ready' });
    expect(hasSessionHint()).toBe(true);
  });

  it('a session that ended mid-flow (401) forgets the hint too', () => {
    giveSessionHint();
    useSession.setState({ user: makeUser(), status: 'ready' });
    useSession.getState().expireSession();
    expect(useSession.getState()).toMatchObject({ user: null, expired: true });
    expect(hasSessionHint()).toBe(false);
  });

  it('login keeps no token where a script can read it, even when the server sends one', async () => {
    const user = makeUser();
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ success: true, user, token: 'tok-1' })));
    await expect(useSession.getState().login({ email: user.email, password: 'hemmelig' })).resolves.toEqual({ kind: 'signed-in', user });
    expect(useSession.getState().user).toEqual(user);
    expect(useSession.getState()).not.toHaveProperty('token');
    expect(scriptReadableStorage()).not.toContain('tok-1');
  });

  it('login reports a two-factor step without signing in', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ twoFactorRequired: true, challenge: 'udfordring' })));
    await expect(useSession.getState().login({ email: 'a@b.dk', password: 'x' })).resolves.toEqual({
      kind: 'two-factor-required',
      challenge: 'udfordring',
    });
    expect(useSession.getState().user).toBeNull();
  });

  it('the code step signs in with the challenge on the cookie alone', async () => {
    const user = makeUser();
    let sent: unknown;
    server.use(
      http.post('/api/auth/2fa/email/verify', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, user, token: 'tok-2fa' });
      }),
    );
    await expect(useSession.getState().verifyTwoFactor({ email: user.email, challenge: 'c', code: '123456' })).resolves.toEqual(user);
    expect(sent).toEqual({ email: user.email, challenge: 'c', code: '123456' });
    expect(scriptReadableStorage()).not.toContain('tok-2fa');
    expect(useSession.getState().user).toEqual(user);
  });

  it('register signs the new user in on the cookie alone', async () => {
    const user = makeUser({ role: 'carrier' });
    server.use(http.post('/api/auth/register', () => HttpResponse.json({ user, token: 'tok-2' }, { status: 201 })));
    await useSession.getState().register({ name: user.name, email: user.email, password: 'hemmelig', role: 'carrier', acceptTerms: true });
    expect(useSession.getState().user).toEqual(user);
    expect(scriptReadableStorage()).not.toContain('tok-2');
  });

  it('logout forgets the user even when the server call fails', async () => {
    useSession.setState({ user: makeUser(), status: 'ready' });
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ message: 'nede' }, { status: 503 })));
    await useSession.getState().logout();
    expect(useSession.getState().user).toBeNull();
  });

  it('a 401 in the middle of a flow signs out and remembers that the session expired', () => {
    useSession.setState({ user: makeUser(), status: 'ready' });
    useSession.getState().expireSession();
    expect(useSession.getState()).toMatchObject({ user: null, expired: true });
  });

  it('a 401 for a visitor is not an expired session', () => {
    useSession.setState({ user: null, status: 'ready' });
    useSession.getState().expireSession();
    expect(useSession.getState().expired).toBe(false);
  });

  it('when the tab comes back after a while, then who is signed in is asked again (a carrier approved meanwhile); a short switch asks nothing', async () => {
    const waiting = makeUser({ role: 'carrier', is_approved: false });
    const approved = { ...waiting, is_approved: true };
    let calls = 0;
    server.use(
      http.get('/api/auth/profile', () => {
        calls += 1;
        return HttpResponse.json({ user: approved });
      }),
    );
    useSession.setState({ user: waiting, status: 'ready' });
    let clock = 1_000_000;
    let visibility: DocumentVisibilityState = 'visible';
    const visibilityState = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    const stop = refreshSessionOnReturn(() => clock);
    // The decision is taken in the visibilitychange handler itself: watching the store's refresh shows it at once,
    // for the short switch (no refresh) as for the long one (a refresh), without waiting to see that nothing comes.
    const realRefresh = useSession.getState().refreshSession;
    const refresh = vi.fn(realRefresh);
    useSession.setState({ refreshSession: refresh });
    const switchTab = (awayMs: number) => {
      visibility = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
      clock += awayMs;
      visibility = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      switchTab(sessionRefreshAfterMs - 1);
      expect(refresh).not.toHaveBeenCalled();
      expect(useSession.getState().user).toMatchObject({ is_approved: false });

      switchTab(sessionRefreshAfterMs);
      expect(refresh).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(useSession.getState().user).toMatchObject({ is_approved: true }));
      expect(calls).toBe(1);
      expect(useSession.getState()).toMatchObject({ status: 'ready', expired: false });
    } finally {
      stop();
      useSession.setState({ refreshSession: realRefresh });
      Object.defineProperty(document, 'visibilityState', visibilityState);
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });

  it('when a refresh finds the session ended elsewhere, then the user is signed out with the expired notice', async () => {
    server.use(http.get('/api/auth/profile', () => HttpResponse.json({ code: 'unauthorized', message: 'x' }, { status: 401 })));
    giveSessionHint();
    useSession.setState({ user: makeUser(), status: 'ready' });
    await useSession.getState().refreshSession();
    expect(useSession.getState()).toMatchObject({ user: null, expired: true });
    expect(hasSessionHint()).toBe(false);
  });

  it('when a live notification says the account was approved, then the session is asked again at once; other notifications ask nothing', async () => {
    const waiting = makeUser({ role: 'carrier', is_approved: false });
    let calls = 0;
    server.use(
      http.get('/api/auth/profile', () => {
        calls += 1;
        return HttpResponse.json({ user: { ...waiting, is_approved: true } });
      }),
    );
    useSession.setState({ user: waiting, status: 'ready' });
    const listeners: Array<(event: { type: string; data?: Record<string, unknown> }) => void> = [];
    const stop = refreshSessionOnAccountNews({
      subscribe: (listener) => {
        listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1);
      },
    });
    const send = (event: { type: string; data?: Record<string, unknown> }) => listeners.forEach((listener) => listener(event));
    send({ type: 'notification', data: { kind: 'new_bid' } });
    send({ type: 'task.status', data: { kind: 'account_approved' } });
    expect(calls).toBe(0);

    send({ type: 'notification', data: { kind: 'account_approved' } });
    await waitFor(() => expect(useSession.getState().user).toMatchObject({ is_approved: true }));
    expect(calls).toBe(1);
    stop();
    expect(listeners).toEqual([]);
  });
});

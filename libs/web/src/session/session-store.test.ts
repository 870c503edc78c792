import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, setupApiServer } from '../testing';
import { useSession } from './session-store';
import { tokenStorage } from './token-storage';

const server = setupApiServer();

beforeEach(() => useSession.setState({ user: null, token: null, status: 'idle' }));

describe('session store', () => {
  it('loads the signed-in user from the profile call on start', async () => {
    const user = makeUser({ name: 'Karen' });
    server.use(http.get('/api/auth/profile', () => HttpResponse.json({ user })));
    await useSession.getState().loadSession();
    expect(useSession.getState()).toMatchObject({ user, status: 'ready' });
  });

  it('when the profile call answers 401, then the visitor is signed out and a stale token dropped', async () => {
    tokenStorage.set('stale');
    server.use(http.get('/api/auth/profile', () => HttpResponse.json({ code: 'unauthorized', message: 'x' }, { status: 401 })));
    await useSession.getState().loadSession();
    expect(useSession.getState()).toMatchObject({ user: null, status: 'ready' });
    expect(tokenStorage.get()).toBeNull();
  });

  it('login keeps the token in session storage as the bearer', async () => {
    const user = makeUser();
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ success: true, user, token: 'tok-1' })));
    await expect(useSession.getState().login({ email: user.email, password: 'hemmelig' })).resolves.toEqual({ kind: 'signed-in', user });
    expect(tokenStorage.get()).toBe('tok-1');
    expect(useSession.getState().user).toEqual(user);
  });

  it('login reports a two-factor step without signing in', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ twoFactorRequired: true })));
    await expect(useSession.getState().login({ email: 'a@b.dk', password: 'x' })).resolves.toEqual({ kind: 'two-factor-required' });
    expect(useSession.getState().user).toBeNull();
  });

  it('register signs the new user in', async () => {
    const user = makeUser({ role: 'carrier' });
    server.use(http.post('/api/auth/register', () => HttpResponse.json({ user, token: 'tok-2' }, { status: 201 })));
    await useSession.getState().register({ name: user.name, email: user.email, password: 'hemmelig', role: 'carrier' });
    expect(useSession.getState().user).toEqual(user);
    expect(tokenStorage.get()).toBe('tok-2');
  });

  it('logout forgets the user and the token even when the server call fails', async () => {
    tokenStorage.set('tok');
    useSession.setState({ user: makeUser(), token: 'tok', status: 'ready' });
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ message: 'nede' }, { status: 503 })));
    await useSession.getState().logout();
    expect(useSession.getState().user).toBeNull();
    expect(tokenStorage.get()).toBeNull();
  });
});

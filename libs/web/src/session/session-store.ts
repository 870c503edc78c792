import { create } from 'zustand';
import { accountNotificationKinds, sessionHintCookieName } from '@fragtbud/contracts';
import { api } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { ERROR_MESSAGES } from '../api/messages';
import type { Role, User } from '../domain/user';

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  role: Exclude<Role, 'admin'>;
  company?: string;
  phone?: string;
  /** Handelsbetingelser and Privatlivspolitik; the service refuses a registration without it. */
  acceptTerms: true;
  /** Where the registration started; the verification link carries it back. */
  next?: string;
}

export type LoginOutcome = { kind: 'signed-in'; user: User } | { kind: 'two-factor-required'; challenge: string };

/** The login's code step: the challenge from the password step and the mailed, app or recovery code. */
export interface TwoFactorInput {
  email: string;
  challenge: string;
  code: string;
}

/** 'idle' before the first profile call, 'loading' while it runs, 'ready' once we know who is signed in. */
export type SessionStatus = 'idle' | 'loading' | 'ready';

interface SessionAnswer {
  user?: User;
  twoFactorRequired?: boolean;
  challenge?: string;
}

/**
 * The browser's session is the HttpOnly `session` cookie alone (issue 8 item 9): no token is kept where a script
 * could read it. The store only mirrors who the cookie belongs to.
 */
export interface SessionState {
  user: User | null;
  status: SessionStatus;
  /** True after a call answered 401 while signed in: the guards send the user to sign in with the Danish notice. */
  expired: boolean;
  /** Loads the signed-in user from GET /auth/profile (the session cookie). */
  loadSession: () => Promise<void>;
  /**
   * Asks again who is signed in, quietly (no loading state): what changed elsewhere — a carrier approved or blocked by
   * an admin, a name edited in another tab — shows without a reload; a session ended elsewhere counts as expired.
   */
  refreshSession: () => Promise<void>;
  login: (credentials: LoginCredentials) => Promise<LoginOutcome>;
  /** Completes a login that answered two-factor-required. */
  verifyTwoFactor: (input: TwoFactorInput) => Promise<User>;
  register: (input: RegisterInput) => Promise<User>;
  logout: () => Promise<void>;
  /** Keeps the session in step after a profile change. */
  setUser: (user: User | null) => void;
  /** A call answered 401 in the middle of a flow: forget the user and remember why. */
  expireSession: () => void;
}

let profileRequest: Promise<void> | null = null;

export const useSession = create<SessionState>()((set, get) => ({
  user: null,
  status: 'idle',
  expired: false,

  loadSession: () => {
    // Shell and remotes may both ask on start; one profile call answers them all.
    if (profileRequest) return profileRequest;
    // Without the hint cookie there is no session to ask about: a visitor's page makes no call that can only fail.
    if (!hasSessionHint()) {
      set({ user: null, status: 'ready' });
      return Promise.resolve();
    }
    set({ status: 'loading' });
    profileRequest = api
      .get<{ user: User }>('/auth/profile')
      .then(({ user }) => set({ user, status: 'ready' }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) forgetSessionHint();
        set({ user: null, status: 'ready' });
      })
      .finally(() => {
        profileRequest = null;
      });
    return profileRequest;
  },

  refreshSession: async () => {
    if (!get().user || profileRequest) return;
    try {
      const { user } = await api.get<{ user: User }>('/auth/profile');
      if (get().user) set({ user });
    } catch (error) {
      // Ended elsewhere (logged out, blocked): say so as any call would; anything else (offline) keeps what we know.
      if (error instanceof ApiError && error.status === 401) get().expireSession();
    }
  },

  login: async (credentials) => {
    const answer = await api.post<SessionAnswer>('/auth/login', credentials, { preferServerMessage: true });
    if (answer?.twoFactorRequired) return { kind: 'two-factor-required', challenge: answer.challenge ?? '' };
    const user = requireUser(answer);
    set({ user, status: 'ready', expired: false });
    return { kind: 'signed-in', user };
  },

  verifyTwoFactor: async (input) => {
    const answer = await api.post<SessionAnswer>('/auth/2fa/email/verify', input, { preferServerMessage: true });
    const user = requireUser(answer);
    set({ user, status: 'ready', expired: false });
    return user;
  },

  register: async (input) => {
    const answer = await api.post<SessionAnswer>('/auth/register', input, { preferServerMessage: true });
    const user = requireUser(answer);
    set({ user, status: 'ready', expired: false });
    return user;
  },

  logout: async () => {
    try {
      if (get().user) await api.post<void>('/auth/logout');
    } catch {
      // Signing out locally matters more than the server's answer.
    } finally {
      set({ user: null, status: 'ready', expired: false });
    }
  },

  setUser: (user) => set({ user, status: 'ready', expired: false }),

  expireSession: () => {
    forgetSessionHint();
    if (get().user) set({ user: null, status: 'ready', expired: true });
  },
}));

/** The readable companion of the HttpOnly session cookie (set and cleared with it by the server). */
function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${sessionHintCookieName}=`));
}

/** The session it stood for is gone (401): no more profile calls on the next pages. */
function forgetSessionHint(): void {
  if (typeof document !== 'undefined') document.cookie = `${sessionHintCookieName}=; Path=/; Max-Age=0; SameSite=Lax`;
}

function requireUser(answer: SessionAnswer | undefined): User {
  if (!answer?.user) {
    throw new ApiError({ status: 200, code: 'invalid_response', message: ERROR_MESSAGES.unexpectedResponse });
  }
  return answer.user;
}

/** Role of the signed-in user, or null for a visitor. */
export function useRole(): Role | null {
  return useSession((state) => state.user?.role ?? null);
}

/** How long a tab must have been away before coming back asks who is signed in again. */
export const sessionRefreshAfterMs = 30_000;

/**
 * When the page becomes visible again after at least `sessionRefreshAfterMs` away (the user comes back from their
 * mail or another tab), the session is refreshed: a carrier approved meanwhile can bid without reloading. Returns
 * the way to stop watching.
 */
export function refreshSessionOnReturn(now: () => number = Date.now): () => void {
  if (typeof document === 'undefined') return () => undefined;
  let hiddenSince: number | null = document.visibilityState === 'hidden' ? now() : null;
  const onChange = () => {
    if (document.visibilityState === 'hidden') {
      hiddenSince ??= now();
      return;
    }
    const away = hiddenSince === null ? 0 : now() - hiddenSince;
    hiddenSince = null;
    if (away >= sessionRefreshAfterMs) void useSession.getState().refreshSession();
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/**
 * An admin's decision about the user's own account (approved, rejected, blocked) arrives as a live notification;
 * the session is refreshed at once, so an open dashboard stops saying 'afventer godkendelse' without a reload (a
 * blocked user's refresh answers 401 and ends the session). Returns the unsubscribe.
 */
export function refreshSessionOnAccountNews(channel: {
  subscribe: (listener: (event: { type: string; data?: Record<string, unknown> }) => void) => () => void;
}): () => void {
  return channel.subscribe((event) => {
    const kind = event.data?.kind;
    if (event.type === 'notification' && typeof kind === 'string' && (accountNotificationKinds as readonly string[]).includes(kind)) {
      void useSession.getState().refreshSession();
    }
  });
}

import { create } from 'zustand';
import { api } from '../api/api-client';
import { ApiError, isApiError } from '../api/api-error';
import { ERROR_MESSAGES } from '../api/messages';
import type { Role, User } from '../domain/user';
import { tokenStorage } from './token-storage';

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
}

export type LoginOutcome = { kind: 'signed-in'; user: User } | { kind: 'two-factor-required' };

/** 'idle' before the first profile call, 'loading' while it runs, 'ready' once we know who is signed in. */
export type SessionStatus = 'idle' | 'loading' | 'ready';

interface SessionAnswer {
  user?: User;
  token?: string;
  twoFactorRequired?: boolean;
}

export interface SessionState {
  user: User | null;
  token: string | null;
  status: SessionStatus;
  /** Loads the signed-in user from GET /auth/profile (the bearer token or the session cookie). */
  loadSession: () => Promise<void>;
  login: (credentials: LoginCredentials) => Promise<LoginOutcome>;
  register: (input: RegisterInput) => Promise<User>;
  logout: () => Promise<void>;
  /** Keeps the session in step after a profile change or a 401 elsewhere. */
  setUser: (user: User | null) => void;
}

let profileRequest: Promise<void> | null = null;

export const useSession = create<SessionState>()((set, get) => ({
  user: null,
  token: tokenStorage.get(),
  status: 'idle',

  loadSession: () => {
    // Shell and remotes may both ask on start; one profile call answers them all.
    if (profileRequest) return profileRequest;
    set({ status: 'loading' });
    profileRequest = api
      .get<{ user: User }>('/auth/profile')
      .then(({ user }) => set({ user, status: 'ready' }))
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 401) tokenStorage.clear();
        set({ user: null, token: tokenStorage.get(), status: 'ready' });
      })
      .finally(() => {
        profileRequest = null;
      });
    return profileRequest;
  },

  login: async (credentials) => {
    const answer = await api.post<SessionAnswer>('/auth/login', credentials, { preferServerMessage: true });
    if (answer?.twoFactorRequired) return { kind: 'two-factor-required' };
    const user = requireUser(answer);
    tokenStorage.set(answer.token);
    set({ user, token: answer.token ?? null, status: 'ready' });
    return { kind: 'signed-in', user };
  },

  register: async (input) => {
    const answer = await api.post<SessionAnswer>('/auth/register', input, { preferServerMessage: true });
    const user = requireUser(answer);
    tokenStorage.set(answer.token);
    set({ user, token: answer.token ?? null, status: 'ready' });
    return user;
  },

  logout: async () => {
    try {
      if (get().user) await api.post<void>('/auth/logout');
    } catch {
      // Signing out locally matters more than the server's answer; the token is dropped either way.
    } finally {
      tokenStorage.clear();
      set({ user: null, token: null, status: 'ready' });
    }
  },

  setUser: (user) => {
    if (!user) tokenStorage.clear();
    set({ user, token: user ? get().token : null, status: 'ready' });
  },
}));

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

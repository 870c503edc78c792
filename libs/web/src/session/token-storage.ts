const TOKEN_KEY = 'fragtbud.session-token';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage blocked by the browser's privacy settings: the session cookie still works
  }
}

/** The bearer token lives in sessionStorage (spec section 6); the server also sets a session cookie. */
export const tokenStorage = {
  get(): string | null {
    return storage()?.getItem(TOKEN_KEY) ?? null;
  },
  set(token: string | null | undefined): void {
    const store = storage();
    if (!store) return;
    if (token) store.setItem(TOKEN_KEY, token);
    else store.removeItem(TOKEN_KEY);
  },
  clear(): void {
    storage()?.removeItem(TOKEN_KEY);
  },
};

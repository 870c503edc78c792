const FALLBACK = '/dashboard';

/**
 * `?next=` after login: only a same-site path ("/…", not "//host" or "/\host") is followed, and never back
 * to the sign-in pages themselves; anything else goes to the dashboard.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return FALLBACK;
  if ([...next].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return FALLBACK;
  let url: URL;
  try {
    url = new URL(next, 'http://fragtbud.invalid');
  } catch {
    return FALLBACK;
  }
  if (url.origin !== 'http://fragtbud.invalid') return FALLBACK;
  if (url.pathname === '/login' || url.pathname === '/register') return FALLBACK;
  return `${url.pathname}${url.search}${url.hash}`;
}


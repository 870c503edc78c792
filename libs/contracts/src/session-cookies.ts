/*
 * The session's cookies, in a module of their own without zod: the front end's first load reads the hint's name,
 * and importing it from a module that builds schemas would bring zod into that load.
 */

/**
 * The session cookie: `__Host-session` when the site is served over HTTPS (Secure, no Domain, Path=/ — a sibling
 * sub-domain cannot plant it), `session` over plain HTTP (development). Readers accept both.
 */
export const sessionCookieNames = { secure: '__Host-session', plain: 'session' } as const;

/**
 * Set and cleared with the session cookie, but readable by the page and holding nothing but `1`: it tells the
 * front end that there is a session to ask about, so a visitor's page load makes no profile call that can only
 * answer 401. It proves nothing — the session cookie alone signs in.
 */
export const sessionHintCookieName = 'signed_in';

/** What a session token can look like (svc-identity makes 43 base64url characters); anything else is no session. */
export const sessionTokenPattern = /^[A-Za-z0-9_-]{1,200}$/;

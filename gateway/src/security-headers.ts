import type { Middleware } from 'koa';

/**
 * Stripe's Payment Element (card, MobilePay) is the one third party the pages load; with a map configured, also
 * the map's style, tile and routing origins, and MapLibre's worker (created from a blob: URL); with REMOTE_ORIGINS,
 * the origins remotes are served from besides the site's own (their scripts, styles, images and fonts). The service
 * worker and the web manifest (installable app, issue 29) only from our own origin.
 */
export function contentSecurityPolicyFor(mapOrigins: readonly string[] = [], remoteOrigins: readonly string[] = []): string {
  const map = mapOrigins.length > 0 ? ` ${mapOrigins.join(' ')}` : '';
  const remotes = remoteOrigins.length > 0 ? ` ${remoteOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${remotes} https://js.stripe.com https://*.js.stripe.com`,
    `style-src 'self'${remotes} 'unsafe-inline'`,
    `img-src 'self'${remotes} data: blob: https://*.stripe.com${map}`,
    `font-src 'self'${remotes} data:`,
    `connect-src 'self'${remotes} https://api.stripe.com${map}`,
    // The PWA's service worker (/sw.js) and web manifest are our own files; MapLibre's worker comes from a blob: URL.
    mapOrigins.length > 0 ? "worker-src 'self' blob:" : "worker-src 'self'",
    ...(mapOrigins.length > 0 ? ["child-src 'self' blob:"] : []),
    "manifest-src 'self'",
    "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers every answer carries — pages, files, proxied answers and the gateway's own errors alike; the policy
 * allows our own origin, Stripe's payment frames and the configured map services, nothing else. Outermost in the
 * chain: set before the rest runs (so an answer streamed early has them) and again after it (so nothing a service
 * sends replaces them).
 */
export function securityHeaders(options: SecurityHeaderOptions): Middleware {
  const headers = securityHeaderValues(options);
  return async (ctx, next) => {
    ctx.set(headers);
    try {
      await next();
    } finally {
      if (!ctx.headerSent) ctx.set(headers);
    }
  };
}

export interface SecurityHeaderOptions {
  hsts: boolean;
  mapOrigins?: readonly string[];
  /** Origins remotes are served from besides the site's own (REMOTE_ORIGINS). */
  remoteOrigins?: readonly string[];
}

/** The headers themselves, also for answers written outside Koa (a request Node could not parse). */
export function securityHeaderValues(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicyFor(options.mapOrigins, options.remoteOrigins),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'geolocation=(self), camera=(self), microphone=(), payment=(self "https://js.stripe.com")',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.hsts && { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }),
  };
}

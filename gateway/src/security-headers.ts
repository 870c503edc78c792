import type { Middleware } from 'koa';

const contentSecurityPolicy = [
  "default-src 'self'",
  // Stripe's Payment Element (card, MobilePay) is the one third party the pages load.
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com",
  "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Headers every answer carries — pages, files, proxied answers and the gateway's own errors alike; the policy
 * allows our own origin and Stripe's payment frames, nothing else. Outermost in the chain: set before the rest runs
 * (so an answer streamed early has them) and again after it (so nothing a service sends replaces them).
 */
export function securityHeaders(options: { hsts: boolean }): Middleware {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'geolocation=(self), camera=(self), microphone=(), payment=(self "https://js.stripe.com")',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.hsts && { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }),
  };
  return async (ctx, next) => {
    ctx.set(headers);
    try {
      await next();
    } finally {
      if (!ctx.headerSent) ctx.set(headers);
    }
  };
}

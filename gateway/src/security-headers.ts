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

/** Headers every answer carries; the policy allows our own origin and Stripe's payment frames, nothing else. */
export function securityHeaders(options: { hsts: boolean }): Middleware {
  return async (ctx, next) => {
    await next();
    ctx.set('Content-Security-Policy', contentSecurityPolicy);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Permissions-Policy', 'geolocation=(self), camera=(self), microphone=(), payment=(self "https://js.stripe.com")');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.hsts) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}

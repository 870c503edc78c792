import type { AuthUser, Role } from '@fragtbud/contracts';
import type { Context, Middleware } from 'koa';
import { AppError } from './app-error';
import { internalTokenHeader, verifyInternalToken } from './internal-token';

/**
 * Only the gateway's signed token is trusted; a bare user header never is. Service-only paths (`/readyz`,
 * `/metrics`, `/internal/*`) also need a system token naming the calling service: the gateway signs a token for
 * every request it forwards, so a user token must never open them — whatever path trick reaches the service.
 * A probe path (`/readyz`) asked with no token at all passes without a caller and answers its status only.
 */
export function internalAuth(secret: string, publicPaths: ReadonlySet<string>, probePaths: ReadonlySet<string> = new Set()): Middleware {
  return async (ctx, next) => {
    if (publicPaths.has(ctx.path)) return next();
    const token = ctx.get(internalTokenHeader) || undefined;
    // An orchestrator's probe carries no token: it gets the status only (no caller in ctx.state). A token that is
    // sent is judged as anywhere else, so a user's token is still refused here.
    if (!token && probePaths.has(ctx.path)) return next();
    const caller = await verifyInternalToken({ secret, token });
    ctx.state.user = caller.user;
    ctx.state.callerService = caller.service;
    ctx.state.client = caller.client;
    if (isServiceOnlyPath(ctx.path)) requireServiceCaller(ctx);
    await next();
  };
}

/** Compared the way a router might match it: decoded, any case, repeated or trailing slashes ignored. */
export function isServiceOnlyPath(rawPath: string): boolean {
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // not decodable: judged as sent
  }
  path = path.toLowerCase().replace(/[/\\]+/g, '/').replace(/\/$/, '');
  return path === '/readyz' || path === '/metrics' || path === '/internal' || path.startsWith('/internal/');
}

export function requireUser(ctx: Context): AuthUser {
  const user = ctx.state.user;
  if (!user) throw AppError.unauthorized();
  return user;
}

export function requireRole(ctx: Context, ...roles: Role[]): AuthUser {
  const user = requireUser(ctx);
  if (!roles.includes(user.role)) throw AppError.forbidden();
  return user;
}

/** For endpoints only other services may call (a system token from createServiceClient without a user). */
export function requireServiceCaller(ctx: Context): string {
  const service = ctx.state.callerService;
  if (!service) throw AppError.forbidden();
  return service;
}

import Router from '@koa/router';
import { messages, sessionLookupBodySchema } from '@fragtbud/contracts';
import { AppError, parseBody } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { resolveSession } from './service';

/**
 * For the gateway only (it never forwards /api/internal/*): turns a session token into the caller.
 * Any valid internal token may ask; the answer reveals nothing the token's holder could not see at /auth/profile.
 */
export function internalSessionsRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/internal/sessions' });

  router.post('/resolve', async (ctx) => {
    const { token } = parseBody(ctx, sessionLookupBodySchema);
    const user = await resolveSession(context, token);
    if (!user) throw AppError.unauthorized(messages.sessionExpired, 'session_invalid');
    ctx.body = { user };
  });

  return router;
}

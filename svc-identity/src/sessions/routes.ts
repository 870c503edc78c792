import Router from '@koa/router';
import { sessionLookupBodySchema, type SessionLookupResponse } from '@fragtbud/contracts';
import { domainError, parseBody } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { resolveSession } from './service';

/**
 * For the gateway only: turns a session token into the caller. The platform lets only a service token (one that
 * names its service) reach /internal/*, so a browser's request forwarded by the gateway never gets here.
 */
export function internalSessionsRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/internal/sessions' });

  router.post('/resolve', async (ctx) => {
    const { token } = parseBody(ctx, sessionLookupBodySchema);
    const resolved = await resolveSession(context, token);
    if (!resolved) throw domainError('session_invalid');
    ctx.body = resolved satisfies SessionLookupResponse;
  });

  return router;
}

import Router from '@koa/router';
import { idParamSchema, messages } from '@fragtbud/contracts';
import { parseIdParam, requireUser, sessionTokenOf } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { endMyOtherSessions, endMySession, listMySessions } from './service';

/** GET /auth/sessions, DELETE /auth/sessions/{id} and DELETE /auth/sessions (all but this one): the caller's own sessions. */
export function deviceSessionsRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/auth/sessions' });
  router.get('/', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = { items: await listMySessions(context, caller, sessionTokenOf(ctx).token) };
  });
  router.delete('/', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = { ended: await endMyOtherSessions(context, caller, sessionTokenOf(ctx).token) };
  });
  router.delete('/:id', async (ctx) => {
    const caller = requireUser(ctx);
    const sessionId = parseIdParam(ctx, idParamSchema.max(2_147_483_647), messages.invalidSessionId, 'invalid_session_id');
    await endMySession(context, caller, sessionId);
    ctx.status = 204;
  });
  return router;
}

import Router from '@koa/router';
import { idParamSchema, messages, usersQuerySchema, userUpdateBodySchema } from '@fragtbud/contracts';
import { eventMetaOf, parseBody, parseIdParam, parseQuery, requireRole, requireUser } from '@fragtbud/platform';
import type { Context } from 'koa';
import type { IdentityContext } from '../context';
import {
  changeUser,
  countBlockedUsers,
  countPendingCarriers,
  decideUser,
  findUsers,
  getMe,
  getUser,
  removeUser,
} from './service';

const maxInt4 = 2_147_483_647;
const userIdSchema = idParamSchema.max(maxInt4);

/** The :id of a user route; anything but a positive 32-bit integer is 400 'Ugyldigt bruger-id'. */
const userIdParam = (ctx: Context) => parseIdParam(ctx, userIdSchema, messages.invalidUserId, 'invalid_user_id');

export function usersRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/users' });

  router.get('/', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = await findUsers(context, parseQuery(ctx, usersQuerySchema));
  });

  router.get('/me', async (ctx) => {
    ctx.body = { user: await getMe(context, requireUser(ctx)) };
  });

  router.get('/:id', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = { user: await getUser(context, caller, userIdParam(ctx)) };
  });

  router.put('/:id', async (ctx) => {
    const caller = requireUser(ctx);
    const userId = userIdParam(ctx);
    const changes = parseBody(ctx, userUpdateBodySchema);
    ctx.body = { user: await changeUser(context, caller, userId, changes) };
  });

  router.delete('/:id', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    await removeUser(context, caller, userIdParam(ctx), eventMetaOf(ctx));
    ctx.status = 204;
  });

  return router;
}

export function adminRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/admin' });

  for (const action of ['approve', 'reject', 'block', 'unblock'] as const) {
    router.put(`/users/:id/${action}`, async (ctx) => {
      const caller = requireRole(ctx, 'admin');
      ctx.body = { user: await decideUser(context, caller, userIdParam(ctx), action, eventMetaOf(ctx)) };
    });
  }

  router.get('/carriers/pending-count', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = { count: await countPendingCarriers(context) };
  });

  router.get('/users/blocked-count', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = { count: await countBlockedUsers(context) };
  });

  return router;
}

import Router from '@koa/router';
import { messages, profileUpdateBodySchema } from '@fragtbud/contracts';
import { parseBody, requireUser } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { updateProfile } from './service';

/** PUT /users/profile. */
export function profileRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/users' });
  router.put('/profile', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = { user: await updateProfile(context, caller, parseBody(ctx, profileUpdateBodySchema)), message: messages.profileSaved };
  });
  return router;
}

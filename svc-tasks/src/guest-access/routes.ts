import Router from '@koa/router';
import { guestClaimBodySchema } from '@fragtbud/contracts';
import { eventMetaOf, parseBody, requireUser } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { taskIdParam } from '../http';
import { claimGuestTask } from './service';

/** POST /tasks/:id/claim {access} — 'Knyt opgaven til min konto': 200 claimed now, 202 once the e-mail is verified. */
export function guestClaimRouter(context: Pick<TasksContext, 'db' | 'outbox' | 'logger'>): Router {
  const router = new Router({ prefix: '/tasks' });
  router.post('/:id/claim', async (ctx) => {
    const caller = requireUser(ctx);
    const taskId = taskIdParam(ctx);
    const { access } = parseBody(ctx, guestClaimBodySchema);
    const answer = await claimGuestTask(context, caller, taskId, access, eventMetaOf(ctx));
    ctx.status = answer.status === 'claimed' ? 200 : 202;
    ctx.body = answer;
  });
  return router;
}

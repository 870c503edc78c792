import Router from '@koa/router';
import { internalTaskAccessBodySchema, messages, taskIdSchema, type InternalTaskAccess } from '@fragtbud/contracts';
import { parseBody, parseIdParam, requireServiceCaller } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { opensTask } from './service';

/** POST /internal/tasks/:id/access {token} — svc-bids asks whether a guest's link opens the task. Services only. */
export function internalGuestAccessRouter(context: Pick<TasksContext, 'db'>): Router {
  const router = new Router({ prefix: '/internal/tasks' });
  router.post('/:id/access', async (ctx) => {
    requireServiceCaller(ctx);
    const taskId = parseIdParam(ctx, taskIdSchema, messages.invalidTaskId, 'invalid_task_id');
    const { token } = parseBody(ctx, internalTaskAccessBodySchema);
    ctx.body = { granted: await opensTask(context.db, taskId, token) } satisfies InternalTaskAccess;
  });
  return router;
}

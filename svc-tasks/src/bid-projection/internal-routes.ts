import Router from '@koa/router';
import { messages, taskIdSchema, type InternalTask } from '@fragtbud/contracts';
import { domainError, parseIdParam, requireServiceCaller } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { findTaskById } from '../tasks/repo';

/** GET /internal/tasks/:id — for svc-bids and svc-chat, when they need a task they have no event of yet. Services only. */
export function internalTasksRouter(context: Pick<TasksContext, 'db'>): Router {
  const router = new Router({ prefix: '/internal/tasks' });

  router.get('/:id', async (ctx) => {
    requireServiceCaller(ctx);
    const taskId = parseIdParam(ctx, taskIdSchema, messages.invalidTaskId, 'invalid_task_id');
    const row = await findTaskById(context.db, taskId);
    if (!row) throw domainError('task_not_found');
    ctx.body = {
      id: row.id,
      user_id: row.user_id,
      status: row.status,
      type: row.type,
      max_bids: row.max_bids,
      assigned_carrier_id: row.assigned_carrier_id,
    } satisfies InternalTask;
  });

  return router;
}

import Router from '@koa/router';
import { createTaskBodySchema, guestCreateTaskBodySchema, taskAccessQuerySchema, taskListQuerySchema, taskStatusChangeBodySchema, updateTaskBodySchema } from '@fragtbud/contracts';
import { domainError, eventMetaOf, idempotent, parseBody, parseQuery, requireRole, requireUser } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { pageOf } from './browse-cache';
import { sharedAnswerCacheControl, taskIdParam } from '../http';
import { proofsOf } from '../proofs/service';
import { changeStatus, changeTask, countPendingReview, createTask, findTasks, getTask, getTaskByGuestLink, removeTask } from './service';

/** A JSON null is a body that is not an object (400), not a missing one. */
const strictBody = { nullAsEmpty: false };

/** GET/POST /tasks, GET/PUT/DELETE /tasks/:id, PATCH /tasks/:id/status. */
export function tasksRouter(context: TasksContext): Router {
  const router = new Router({ prefix: '/tasks' });
  const anonymousBrowseCacheControl = sharedAnswerCacheControl(context.config);

  router.get('/', async (ctx) => {
    const caller = ctx.state.user ?? null;
    const query = parseQuery(ctx, taskListQuerySchema);
    if (caller) {
      ctx.body = await findTasks(context, caller, query);
      return;
    }
    // Anonymous browse is the same for everyone: the first page is kept briefly, and any answer is revalidated by ETag.
    const answer = () => findTasks(context, null, query);
    const page = query.page === 1 && !query.after ? await context.browseCache.remember(JSON.stringify(query), answer) : pageOf(await answer());
    ctx.set('Cache-Control', anonymousBrowseCacheControl);
    ctx.set('Vary', 'Cookie, Authorization');
    ctx.set('ETag', page.etag);
    ctx.type = 'application/json';
    ctx.body = page.body;
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
  });

  router.post('/', idempotent(() => context.db), async (ctx) => {
    const caller = ctx.state.user ?? null;
    // A signed-in user's wizard says so (`?signedIn=1`): if the session was lost meanwhile (a logout in another tab),
    // the task must not be stored as an ownerless guest task.
    if (!caller && ctx.query.signedIn === '1') throw domainError('unauthorized');
    // A guest is reached only through the mailed link, so a guest task needs contact_email.
    const body = parseBody(ctx, caller ? createTaskBodySchema : guestCreateTaskBodySchema, strictBody);
    ctx.body = await createTask(context, caller, body, eventMetaOf(ctx));
    ctx.status = 201;
  });

  router.get('/:id', async (ctx) => {
    const { access } = parseQuery(ctx, taskAccessQuerySchema);
    if (access !== undefined) {
      const viaLink = await getTaskByGuestLink(context, ctx.state.user ?? null, taskIdParam(ctx), access);
      if (viaLink) {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = viaLink;
        return;
      }
    }
    const caller = requireUser(ctx);
    const task = await getTask(context, caller, taskIdParam(ctx));
    // The full view carries the task's proofs (spec section 3 Task.proofs[]); the public view none.
    ctx.body = task.view === 'full' ? { ...task, proofs: await proofsOf(context, task.id) } : task;
  });

  router.put('/:id', async (ctx) => {
    const caller = requireUser(ctx);
    const taskId = taskIdParam(ctx);
    const body = parseBody(ctx, updateTaskBodySchema, strictBody);
    ctx.body = await changeTask(context, caller, taskId, body, eventMetaOf(ctx));
  });

  router.delete('/:id', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    await removeTask(context, caller, taskIdParam(ctx), eventMetaOf(ctx));
    ctx.status = 204;
  });

  router.patch('/:id/status', async (ctx) => {
    const caller = requireUser(ctx);
    const taskId = taskIdParam(ctx);
    const body = parseBody(ctx, taskStatusChangeBodySchema, strictBody);
    ctx.body = await changeStatus(context, caller, taskId, body, eventMetaOf(ctx));
  });

  return router;
}

/** GET /admin/tasks/pending-count. */
export function adminTasksRouter(context: TasksContext): Router {
  const router = new Router({ prefix: '/admin/tasks' });
  router.get('/pending-count', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = { count: await countPendingReview(context) };
  });
  return router;
}

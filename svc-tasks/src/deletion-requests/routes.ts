import Router from '@koa/router';
import { adminDeletionRequestsQuerySchema, createDeletionRequestBodySchema, deletionRequestIdSchema, resolveDeletionRequestBodySchema } from '@fragtbud/contracts';
import { domainError, eventMetaOf, parseBody, parseQuery, requireRole, requireUser } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { taskIdParam } from '../http';
import { createDeletionRequest, listAdminDeletionRequests, listDeletionRequests, resolveDeletionRequest } from './service';

/** GET/POST /tasks/:id/deletion-requests, PUT /tasks/:id/deletion-requests/:requestId {action}. */
export function deletionRequestsRouter(context: TasksContext): Router {
  const router = new Router({ prefix: '/tasks/:id/deletion-requests' });

  router.get('/', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = { items: await listDeletionRequests(context, caller, taskIdParam(ctx)) };
  });

  router.post('/', async (ctx) => {
    const caller = requireUser(ctx);
    const taskId = taskIdParam(ctx);
    const body = parseBody(ctx, createDeletionRequestBodySchema);
    ctx.body = await createDeletionRequest(context, caller, taskId, body.reason, eventMetaOf(ctx));
    ctx.status = 201;
  });

  router.put('/:requestId', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    const taskId = taskIdParam(ctx);
    const parsed = deletionRequestIdSchema.safeParse(ctx.params.requestId);
    if (!parsed.success) throw domainError('invalid_deletion_request_id');
    const body = parseBody(ctx, resolveDeletionRequestBodySchema, { nullAsEmpty: false });
    ctx.body = await resolveDeletionRequest(context, caller, taskId, parsed.data, body.action, eventMetaOf(ctx));
  });

  return router;
}

/** GET /admin/deletion-requests?status=pending|approved|rejected: the admin's inbox of deletion requests. */
export function adminDeletionRequestsRouter(context: TasksContext): Router {
  const router = new Router({ prefix: '/admin/deletion-requests' });
  router.get('/', async (ctx) => {
    requireRole(ctx, 'admin');
    const { status } = parseQuery(ctx, adminDeletionRequestsQuerySchema);
    ctx.body = await listAdminDeletionRequests(context, status);
  });
  return router;
}

import Router from '@koa/router';
import { messages, taskTypeSettingCreateSchema, taskTypeSettingNameSchema, taskTypeSettingUpdateSchema } from '@fragtbud/contracts';
import { domainError, eventMetaOf, parseBody, requireRole, requireServiceCaller } from '@fragtbud/platform';
import type { Context } from 'koa';
import type { TasksContext } from '../context';
import {
  changeTaskTypeSetting,
  createTaskTypeSetting,
  getInternalTaskTypeSetting,
  getTaskTypeSettings,
  removeTaskTypeSetting,
} from './service';

/** A JSON null is a body that is not an object (400), not a missing one. */
const strictBody = { nullAsEmpty: false };

const nameSchema = taskTypeSettingNameSchema(messages.taskTypeInvalid);

/** The :type of a route, lowercased; a name no type can have is 400 'Ugyldig opgavetype'. */
function typeParam(ctx: Context): string {
  const result = nameSchema.safeParse((ctx.params as Record<string, unknown>).type);
  if (!result.success) throw domainError('invalid_task_type');
  return result.data;
}

/** GET/POST /admin/task-types, PUT/DELETE /admin/task-types/:type — admins only. */
export function adminTaskTypesRouter(context: TasksContext): Router {
  const router = new Router({ prefix: '/admin/task-types' });

  router.get('/', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = await getTaskTypeSettings(context);
  });

  router.post('/', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    const body = parseBody(ctx, taskTypeSettingCreateSchema, strictBody);
    ctx.body = await createTaskTypeSetting(context, caller, body, eventMetaOf(ctx));
    ctx.status = 201;
  });

  router.put('/:type', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    const type = typeParam(ctx);
    const body = parseBody(ctx, taskTypeSettingUpdateSchema, strictBody);
    ctx.body = await changeTaskTypeSetting(context, caller, type, body.maxBids, eventMetaOf(ctx));
  });

  router.delete('/:type', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    await removeTaskTypeSetting(context, caller, typeParam(ctx), eventMetaOf(ctx));
    ctx.status = 204;
  });

  return router;
}

/** GET /internal/task-types/:type → {type, maxBids|null} — for other services (svc-bids) only. */
export function internalTaskTypesRouter(context: TasksContext): Router {
  const router = new Router({ prefix: '/internal/task-types' });

  router.get('/:type', async (ctx) => {
    requireServiceCaller(ctx);
    ctx.body = await getInternalTaskTypeSetting(context, typeParam(ctx));
  });

  return router;
}

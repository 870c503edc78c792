import Router from '@koa/router';
import {
  carrierListCreateSchema,
  carrierListIdSchema,
  carrierListUpdateSchema,
  messages,
} from '@fragtbud/contracts';
import { eventMetaOf, parseBody, parseIdParam, requireRole } from '@fragtbud/platform';
import type { Context } from 'koa';
import type { LedgerContext } from '../context';
import { changeCarrierList, createCarrierList, getCarrierLists, removeCarrierList } from './service';

const listIdParam = (ctx: Context) => parseIdParam(ctx, carrierListIdSchema, messages.invalidCarrierListId, 'invalid_carrier_list_id');

export function carrierListsRouter(context: LedgerContext): Router {
  const router = new Router({ prefix: '/admin/carrier-lists' });

  router.get('/', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = await getCarrierLists(context);
  });

  router.post('/', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    const list = parseBody(ctx, carrierListCreateSchema);
    ctx.status = 201;
    ctx.body = await createCarrierList(context, caller, list);
  });

  router.put('/:id', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    const listId = listIdParam(ctx);
    const changes = parseBody(ctx, carrierListUpdateSchema);
    ctx.body = await changeCarrierList(context, caller, listId, changes, eventMetaOf(ctx));
  });

  router.delete('/:id', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    await removeCarrierList(context, caller, listIdParam(ctx));
    ctx.status = 204;
  });

  return router;
}

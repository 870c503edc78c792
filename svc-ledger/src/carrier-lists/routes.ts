import Router from '@koa/router';
import {
  carrierListCreateSchema,
  carrierListIdSchema,
  carrierListUpdateSchema,
  messages,
} from '@fragtbud/contracts';
import { requireRole } from '@fragtbud/platform';
import type { Context } from 'koa';
import type { LedgerContext } from '../context';
import { bodyOf, idParam, parseOrRefuse, refuseUnstorableInput } from '../http';
import { changeCarrierList, createCarrierList, getCarrierLists, removeCarrierList } from './service';

const listIdParam = (ctx: Context) => idParam(ctx, carrierListIdSchema, messages.invalidCarrierListId, 'invalid_carrier_list_id');

export function carrierListsRouter(context: LedgerContext): Router {
  const router = new Router({ prefix: '/admin/carrier-lists' });
  router.use(refuseUnstorableInput);

  router.get('/', async (ctx) => {
    requireRole(ctx, 'admin');
    ctx.body = await getCarrierLists(context);
  });

  router.post('/', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    const list = parseOrRefuse(carrierListCreateSchema, bodyOf(ctx));
    ctx.status = 201;
    ctx.body = await createCarrierList(context, caller, list);
  });

  router.put('/:id', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    const listId = listIdParam(ctx);
    const changes = parseOrRefuse(carrierListUpdateSchema, bodyOf(ctx));
    ctx.body = await changeCarrierList(context, caller, listId, changes);
  });

  router.delete('/:id', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    await removeCarrierList(context, caller, listIdParam(ctx));
    ctx.status = 204;
  });

  return router;
}

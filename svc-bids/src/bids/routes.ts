import Router from '@koa/router';
import {
  acceptBidBodySchema,
  assignTaskBodySchema,
  bidIdSchema,
  bidListQuerySchema,
  messages,
  placeBidBodySchema,
  taskBidListQuerySchema,
  taskIdSchema,
  updateBidBodySchema,
} from '@fragtbud/contracts';
import { eventMetaOf, idempotent, parseBody, parseIdParam, parseInput, parseQuery, requireServiceCaller, requireUser } from '@fragtbud/platform';
import type { Context } from 'koa';
import type { BidsContext } from '../context';
import { acceptBid, changeBid, findBids, findBidsByGuestLink, getAcceptedBidOfTask, getBid, getBidRound, getInternalBid, placeBid, rejectBid } from './service';

const bidIdParam = (ctx: Context) => parseIdParam(ctx, bidIdSchema, messages.invalidBidId, 'invalid_bid_id');
const taskIdParam = (ctx: Context) => parseIdParam(ctx, taskIdSchema, messages.invalidTaskId, 'invalid_task_id');

/** POST/GET /bids, GET/PUT /bids/:id, POST /bids/:id/accept, POST /bids/:id/reject. */
export function bidsRouter(context: BidsContext): Router {
  const router = new Router({ prefix: '/bids' });

  router.post('/', idempotent(() => context.db), async (ctx) => {
    const caller = requireUser(ctx);
    const body = parseBody(ctx, placeBidBodySchema);
    ctx.body = await placeBid(context, caller, body, eventMetaOf(ctx));
    ctx.status = 201;
  });

  router.get('/', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = await findBids(context, caller, parseQuery(ctx, bidListQuerySchema), ctx.state.requestId);
  });

  router.get('/:id', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = await getBid(context, caller, bidIdParam(ctx));
  });

  router.put('/:id', async (ctx) => {
    const caller = requireUser(ctx);
    const bidId = bidIdParam(ctx);
    const body = parseBody(ctx, updateBidBodySchema);
    ctx.body = await changeBid(context, caller, bidId, body, eventMetaOf(ctx));
  });

  router.post('/:id/accept', async (ctx) => {
    const caller = requireUser(ctx);
    const bidId = bidIdParam(ctx);
    const body = parseBody(ctx, acceptBidBodySchema);
    ctx.body = await acceptBid(context, caller, bidId, eventMetaOf(ctx), { totalOre: body.expectedTotalOre });
  });

  router.post('/:id/reject', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = await rejectBid(context, caller, bidIdParam(ctx), eventMetaOf(ctx));
  });

  return router;
}

/**
 * GET /tasks/:id/bids and POST /tasks/:id/assign (shared/API.md "Tasks"): the same as GET /bids?taskId= and
 * POST /bids/:bid_id/accept. The gateway sends these two paths here, not to svc-tasks.
 */
export function taskBidsRouter(context: BidsContext): Router {
  const router = new Router({ prefix: '/tasks/:id' });

  router.get('/bids', async (ctx) => {
    const taskId = taskIdParam(ctx);
    const { access, ...query } = parseInput(taskBidListQuerySchema, { ...ctx.query, taskId: String(taskId) });
    // A guest's follow-up link (?access=) shows the bids as the owner sees them, read-only — to whoever is not yet the owner.
    if (access !== undefined) {
      const viaLink = await findBidsByGuestLink(context, ctx.state.user ?? null, taskId, access, query, ctx.state.requestId);
      if (viaLink) {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = viaLink;
        return;
      }
    }
    const caller = requireUser(ctx);
    ctx.body = await findBids(context, caller, query, ctx.state.requestId);
  });

  router.post('/assign', async (ctx) => {
    const caller = requireUser(ctx);
    const taskId = taskIdParam(ctx);
    const body = parseBody(ctx, assignTaskBodySchema);
    ctx.body = await acceptBid(context, caller, body.bid_id, eventMetaOf(ctx), {
      taskId,
      carrierId: body.carrier_id,
      totalOre: body.expectedTotalOre,
    });
  });

  return router;
}

/** For other services only: a bid with its full snapshot in øre, a task's accepted bid (svc-payments); a task's round (svc-chat). */
export function internalBidsRouter(context: BidsContext): Router {
  const router = new Router({ prefix: '/internal' });

  router.get('/bids/:id', async (ctx) => {
    requireServiceCaller(ctx);
    ctx.body = await getInternalBid(context, bidIdParam(ctx));
  });

  router.get('/tasks/:id/bid-round', async (ctx) => {
    requireServiceCaller(ctx);
    ctx.body = await getBidRound(context, taskIdParam(ctx));
  });

  router.get('/tasks/:id/accepted-bid', async (ctx) => {
    requireServiceCaller(ctx);
    ctx.body = await getAcceptedBidOfTask(context, taskIdParam(ctx));
  });

  return router;
}

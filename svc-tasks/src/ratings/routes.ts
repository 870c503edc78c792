import Router from '@koa/router';
import {
  carrierIdParamSchema,
  createRatingBodySchema,
  messages,
  publicRatingsQuerySchema,
  ratingListQuerySchema,
  ratingSummaryQuerySchema,
} from '@fragtbud/contracts';
import { eventMetaOf, parseBody, parseIdParam, parseQuery, requireUser } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { sharedAnswerCacheControl } from '../http';
import { carrierRatings, carrierSummary, createRating, listRatings, publicRatings } from './service';

/** GET/POST /ratings, GET /ratings/summary?carrierId, GET /ratings/carrier/:id, GET /ratings/public?limit. */
export function ratingsRouter(context: TasksContext): Router {
  const router = new Router({ prefix: '/ratings' });

  router.get('/public', async (ctx) => {
    const { limit } = parseQuery(ctx, publicRatingsQuerySchema);
    // The same for everyone who asks: the gateway may answer the home page's visitors from memory.
    ctx.set('Cache-Control', sharedAnswerCacheControl(context.config));
    ctx.body = { items: await publicRatings(context, limit) };
  });

  router.get('/summary', async (ctx) => {
    requireUser(ctx);
    const { carrierId } = parseQuery(ctx, ratingSummaryQuerySchema);
    ctx.body = await carrierSummary(context, carrierId);
  });

  router.get('/carrier/:id', async (ctx) => {
    const caller = requireUser(ctx);
    const carrierId = parseIdParam(ctx, carrierIdParamSchema, messages.invalidCarrierId, 'invalid_carrier_id');
    ctx.body = { items: await carrierRatings(context, caller, carrierId), ...(await carrierSummary(context, carrierId)) };
  });

  router.get('/', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = { items: await listRatings(context, caller, parseQuery(ctx, ratingListQuerySchema)) };
  });

  router.post('/', async (ctx) => {
    const caller = requireUser(ctx);
    const body = parseBody(ctx, createRatingBodySchema, { nullAsEmpty: false });
    ctx.body = await createRating(context, caller, body, eventMetaOf(ctx));
    ctx.status = 201;
  });

  return router;
}

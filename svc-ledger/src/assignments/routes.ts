import Router from '@koa/router';
import {
  carrierListAssignmentBodySchema,
  carrierListAssignmentIdSchema,
  carrierListAssignmentsQuerySchema,
  messages,
} from '@fragtbud/contracts';
import { eventMetaOf, parseBody, parseIdParam, parseQuery, requireRole } from '@fragtbud/platform';
import type { LedgerContext } from '../context';
import { assignCarrier, getAssignments, unassignCarrier } from './service';

export function assignmentsRouter(context: LedgerContext): Router {
  const router = new Router({ prefix: '/admin/carrier-lists/assignments' });

  router.get('/', async (ctx) => {
    requireRole(ctx, 'admin');
    const { userId } = parseQuery(ctx, carrierListAssignmentsQuerySchema);
    ctx.body = await getAssignments(context, userId);
  });

  /** 201 when the carrier was on no list, 200 when moved (or already there). */
  router.post('/', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    const body = parseBody(ctx, carrierListAssignmentBodySchema);
    const { assignment, created } = await assignCarrier(context, caller, body, eventMetaOf(ctx));
    ctx.status = created ? 201 : 200;
    ctx.body = assignment;
  });

  router.delete('/:id', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    const id = parseIdParam(ctx, carrierListAssignmentIdSchema, messages.invalidAssignmentId, 'invalid_assignment_id');
    await unassignCarrier(context, caller, id, eventMetaOf(ctx));
    ctx.status = 204;
  });

  return router;
}

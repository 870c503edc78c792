import Router from '@koa/router';
import {
  carrierListAssignmentBodySchema,
  carrierListAssignmentIdSchema,
  carrierListAssignmentsQuerySchema,
  messages,
} from '@fragtbud/contracts';
import { requireRole } from '@fragtbud/platform';
import type { LedgerContext } from '../context';
import { bodyOf, eventMetaOf, idParam, parseOrRefuse } from '../http';
import { assignCarrier, getAssignments, unassignCarrier } from './service';

export function assignmentsRouter(context: LedgerContext): Router {
  const router = new Router({ prefix: '/admin/carrier-lists/assignments' });

  router.get('/', async (ctx) => {
    requireRole(ctx, 'admin');
    const { userId } = parseOrRefuse(carrierListAssignmentsQuerySchema, ctx.query);
    ctx.body = await getAssignments(context, userId);
  });

  /** 201 when the carrier was on no list, 200 when moved (or already there). */
  router.post('/', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    const body = parseOrRefuse(carrierListAssignmentBodySchema, bodyOf(ctx));
    const { assignment, created } = await assignCarrier(context, caller, body, eventMetaOf(ctx));
    ctx.status = created ? 201 : 200;
    ctx.body = assignment;
  });

  router.delete('/:id', async (ctx) => {
    const caller = requireRole(ctx, 'admin');
    const id = idParam(ctx, carrierListAssignmentIdSchema, messages.invalidAssignmentId, 'invalid_assignment_id');
    await unassignCarrier(context, caller, id, eventMetaOf(ctx));
    ctx.status = 204;
  });

  return router;
}

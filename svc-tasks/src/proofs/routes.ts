import Router from '@koa/router';
import { addProofBodySchema, proofIdSchema } from '@fragtbud/contracts';
import { domainError, eventMetaOf, idempotent, parseBody, requireUser } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { taskIdParam } from '../http';
import { addProof, getProofs, removeProof } from './service';

/** GET/POST /tasks/:id/proofs, DELETE /tasks/:id/proofs/:proofId. */
export function proofsRouter(context: TasksContext): Router {
  const router = new Router({ prefix: '/tasks/:id/proofs' });

  router.get('/', async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = { items: await getProofs(context, caller, taskIdParam(ctx)) };
  });

  // A proof submitted twice from a shaky connection (same Idempotency-Key) is recorded once.
  router.post('/', idempotent(() => context.db), async (ctx) => {
    const caller = requireUser(ctx);
    const taskId = taskIdParam(ctx);
    const body = parseBody(ctx, addProofBodySchema, { nullAsEmpty: false });
    ctx.body = await addProof(context, caller, taskId, body, eventMetaOf(ctx));
    ctx.status = 201;
  });

  router.delete('/:proofId', async (ctx) => {
    const caller = requireUser(ctx);
    const taskId = taskIdParam(ctx);
    const proofId = proofIdOf(ctx.params.proofId);
    await removeProof(context, caller, taskId, proofId, eventMetaOf(ctx));
    ctx.status = 204;
  });

  return router;
}

function proofIdOf(raw: unknown): number {
  const parsed = proofIdSchema.safeParse(raw);
  if (!parsed.success) throw domainError('invalid_proof_id');
  return parsed.data;
}

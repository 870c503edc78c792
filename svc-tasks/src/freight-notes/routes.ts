import Router from '@koa/router';
import { eventMetaOf, requireUser } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import type { FileStorage } from '../uploads/storage';
import { taskIdParam } from '../http';
import { renderFreightNotePdf } from './pdf';
import { proofSections, proofTimes } from './proofs-summary';
import { getFreightNote, updateFreightNote } from './service';

/** GET/PUT /tasks/:id/freight-note and GET /tasks/:id/freight-note.pdf (spec sections 2, 3, 6, 7). */
export function freightNotesRouter(context: TasksContext, storage?: FileStorage): Router {
  const router = new Router({ prefix: '/tasks' });

  router.get('/:id/freight-note', async (ctx) => {
    const caller = requireUser(ctx);
    const { note } = await getFreightNote(context, caller, taskIdParam(ctx));
    // When each proof was taken and when it arrived (issue 29): only for those who see the full note, as the PDF.
    ctx.body = note.view === 'full' ? { ...note, proofs: await proofTimes(context.db, note.task_id) } : note;
  });

  router.put('/:id/freight-note', async (ctx) => {
    const caller = requireUser(ctx);
    const taskId = taskIdParam(ctx);
    ctx.body = await updateFreightNote(context, caller, taskId, ctx.request.body, eventMetaOf(ctx));
  });

  router.get('/:id/freight-note.pdf', async (ctx) => {
    const caller = requireUser(ctx);
    const { note } = await getFreightNote(context, caller, taskIdParam(ctx));
    // Proofs carry signer names and positions: only for those who see the full note.
    const proofs = note.view === 'full' ? await proofSections(context.db, note.task_id, storage) : [];
    const pdf = await renderFreightNotePdf(note, { proofs });
    ctx.set('Content-Disposition', `attachment; filename="fragtbrev-${note.task_id}.pdf"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = 'application/pdf';
    ctx.body = pdf;
  });

  return router;
}

import Router from '@koa/router';
import { alertBodySchema, alertPatchSchema, alertUnsubscribePath, alertUnsubscribeQuerySchema, idField, messages } from '@fragtbud/contracts';
import { escapeHtml, idempotent, parseBody, parseIdParam, parseQuery, requireUser } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { changeAlert, createAlert, listAlerts, removeAlert, unsubscribe } from './service';

const alertIdSchema = idField(messages.invalidId);
const strictBody = { nullAsEmpty: false };

/** A small Danish page for the unsubscribe link opened in a browser (mail scanners open links too: it asks first). */
function unsubscribePage(title: string, body: string): string {
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** GET/POST /alerts, PATCH/DELETE /alerts/:id (the carrier's own), GET/POST /alerts/unsubscribe (the mails' link). */
export function alertsRouter(context: TasksContext): Router {
  const router = new Router({ prefix: '/alerts' });

  router.get('/', async (ctx) => {
    ctx.body = await listAlerts(context, requireUser(ctx));
  });

  router.post('/', idempotent(() => context.db), async (ctx) => {
    const caller = requireUser(ctx);
    ctx.body = await createAlert(context, caller, parseBody(ctx, alertBodySchema, strictBody));
    ctx.status = 201;
  });

  router.get('/unsubscribe', async (ctx) => {
    const { s, t } = parseQuery(ctx, alertUnsubscribeQuerySchema);
    const action = alertUnsubscribePath(s, t);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = unsubscribePage(
      'Afmeld e-mails fra jobalarm',
      `<p>Vil du holde op med at få e-mails om nye opgaver fra denne jobalarm? Du får stadig besked på Fragtbud, og du kan slå e-mails til igen under Profil → Jobalarmer.</p><form method="post" action="${escapeHtml(action)}"><button type="submit" style="background:#1d4ed8;color:#fff;border:0;padding:10px 18px;border-radius:6px;font-size:1rem">Afmeld e-mails</button></form>`,
    );
  });

  router.post('/unsubscribe', async (ctx) => {
    const { s, t } = parseQuery(ctx, alertUnsubscribeQuerySchema);
    await unsubscribe(context, s, t);
    ctx.set('Cache-Control', 'no-store');
    if (ctx.accepts('json', 'html') === 'html') {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = unsubscribePage('Afmeldt', `<p>${escapeHtml(messages.alertUnsubscribed)}</p>`);
      return;
    }
    ctx.body = { message: messages.alertUnsubscribed };
  });

  router.patch('/:id', async (ctx) => {
    const caller = requireUser(ctx);
    const id = parseIdParam(ctx, alertIdSchema, messages.invalidId, 'invalid_id');
    ctx.body = await changeAlert(context, caller, id, parseBody(ctx, alertPatchSchema, strictBody));
  });

  router.delete('/:id', async (ctx) => {
    const caller = requireUser(ctx);
    await removeAlert(context, caller, parseIdParam(ctx, alertIdSchema, messages.invalidId, 'invalid_id'));
    ctx.status = 204;
  });

  return router;
}

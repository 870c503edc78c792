import Router from '@koa/router';
import { devMailQuerySchema } from '@fragtbud/contracts';
import { devMailboxEnabled, domainError, parseQuery, readDevMailbox } from '@fragtbud/platform';
import type { IdentityContext } from '../context';

/** GET /dev/mail?to=: the development mailbox; 404 unless MAIL_TRANSPORT=dev, and always in production. */
export function devMailRouter(context: IdentityContext): Router {
  const router = new Router({ prefix: '/dev' });
  router.get('/mail', async (ctx) => {
    if (!devMailboxEnabled(context.config)) throw domainError('not_found');
    const { to } = parseQuery(ctx, devMailQuerySchema);
    ctx.body = { items: await readDevMailbox(context.db, to ? { to } : {}) };
  });
  return router;
}

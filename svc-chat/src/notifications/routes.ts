import Router from '@koa/router';
import { messages, notificationIdSchema, notificationListQuerySchema } from '@fragtbud/contracts';
import { parseIdParam, parseQuery, requireUser } from '@fragtbud/platform';
import type { ChatContext } from '../context';
import { getNotifications, readNotification } from './service';

export function notificationsRouter(context: ChatContext): Router {
  const router = new Router({ prefix: '/notifications' });

  router.get('/', async (ctx) => {
    const caller = requireUser(ctx);
    const query = parseQuery(ctx, notificationListQuerySchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getNotifications(context, caller, query);
  });

  router.put('/:id/read', async (ctx) => {
    const caller = requireUser(ctx);
    const id = parseIdParam(ctx, notificationIdSchema, messages.invalidNotificationId, 'invalid_notification_id');
    ctx.body = await readNotification(context, caller, id);
  });

  return router;
}

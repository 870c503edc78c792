import Router from '@koa/router';
import { requireServiceCaller, requireUser } from '@fragtbud/platform';
import type { ChatContext } from '../context';

/** GET /internal/account/data — for the gateway's data export: the caller's chat messages (sent and received) and notifications. */
export function internalAccountRouter(context: ChatContext): Router {
  const router = new Router({ prefix: '/internal/account' });

  router.get('/data', async (ctx) => {
    requireServiceCaller(ctx);
    const caller = requireUser(ctx);
    const messages = await context.db('chat_messages')
      .where((w) => w.where({ sender_id: caller.id }).orWhere({ receiver_id: caller.id }))
      .orderBy('id')
      .select('id', 'task_id', 'sender_id', 'receiver_id', 'bid_id', 'message', 'read_at', 'created_at');
    const notifications = await context.db('notifications')
      .where({ user_id: caller.id })
      .orderBy('id')
      .select('id', 'task_id', 'type', 'title', 'message', 'read_at', 'created_at');
    ctx.body = { messages, notifications };
  });

  return router;
}

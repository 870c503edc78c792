import Router from '@koa/router';
import {
  chatMessageIdSchema,
  chatThreadQuerySchema,
  chatThreadsQuerySchema,
  markChatThreadReadBodySchema,
  messages,
  sendChatMessageBodySchema,
} from '@fragtbud/contracts';
import { eventMetaOf, idempotent, parseBody, parseIdParam, parseQuery, requireUser } from '@fragtbud/platform';
import type { ChatContext } from '../context';
import { getThread, listThreads, readMessage, readThread, sendMessage } from './service';

export function chatRouter(context: ChatContext): Router {
  const router = new Router({ prefix: '/chat' });

  // A double click or a retry of 'Send' carries the same Idempotency-Key: one message, the same answer twice.
  router.post('/messages', idempotent(() => context.db), async (ctx) => {
    const caller = requireUser(ctx);
    const body = parseBody(ctx, sendChatMessageBodySchema);
    ctx.status = 201;
    ctx.body = await sendMessage(context, caller, body, { ...eventMetaOf(ctx), requestId: ctx.state.requestId });
  });

  router.get('/messages', async (ctx) => {
    const caller = requireUser(ctx);
    const query = parseQuery(ctx, chatThreadQuerySchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getThread(context, caller, query, ctx.state.requestId);
  });

  router.put('/messages/:id/read', async (ctx) => {
    const caller = requireUser(ctx);
    const id = parseIdParam(ctx, chatMessageIdSchema, messages.invalidChatMessageId, 'invalid_chat_message_id');
    ctx.body = await readMessage(context, caller, id, eventMetaOf(ctx));
  });

  router.get('/threads', async (ctx) => {
    const caller = requireUser(ctx);
    const query = parseQuery(ctx, chatThreadsQuerySchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listThreads(context, caller, query);
  });

  router.put('/threads/read', async (ctx) => {
    const caller = requireUser(ctx);
    const body = parseBody(ctx, markChatThreadReadBodySchema);
    ctx.body = await readThread(context, caller, body, eventMetaOf(ctx));
  });

  return router;
}

import { messages } from '@fragtbud/contracts';
import type { Context, Middleware } from 'koa';
import getRawBody from 'raw-body';
import { AppError } from './app-error';

export const defaultBodyLimit = 1024 * 1024;

/**
 * Parses JSON bodies only; other content types (uploads) are left unread for their routes to stream.
 * The raw text is kept on `ctx.request.rawBody` for signature checks.
 */
export function jsonBodyParser(limit = defaultBodyLimit): Middleware {
  return async (ctx, next) => {
    if (ctx.request.is('application/json', '+json')) {
      const rawBody = await readBody(ctx, limit);
      ctx.request.rawBody = rawBody;
      ctx.request.body = parseJson(rawBody);
    }
    await next();
  };
}

async function readBody(ctx: Context, limit: number): Promise<string> {
  try {
    return await getRawBody(ctx.req, { limit, encoding: 'utf-8' });
  } catch (error) {
    // The unread rest of the body would be taken for the next request on a kept-alive connection.
    ctx.set('Connection', 'close');
    if ((error as { type?: string }).type === 'entity.too.large') {
      throw AppError.badRequest(messages.payloadTooLarge, 'payload_too_large');
    }
    // Aborted uploads, bad encodings and wrong lengths are the client's fault too.
    throw AppError.badRequest(messages.invalidJson, 'invalid_json');
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.badRequest(messages.invalidJson, 'invalid_json');
  }
}

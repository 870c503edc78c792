import { messages } from '@fragtbud/contracts';
import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import getRawBody from 'raw-body';
import { AppError } from './app-error';

export const defaultBodyLimit = 1024 * 1024;
/** How much of a refused body is read and dropped so the sender gets the answer (beyond it: the connection is closed). */
const discardLimit = 32 * 1024 * 1024;

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
    // The sender (the gateway) is told once it has sent the body, not reset half-way: the rest is read and dropped.
    // Whatever is not read would be taken for the next request on a kept-alive connection: then it is closed.
    if (!(await discardRest(ctx.req, discardLimit))) ctx.set('Connection', 'close');
    if ((error as { type?: string }).type === 'entity.too.large') {
      throw AppError.badRequest(messages.payloadTooLarge, 'payload_too_large');
    }
    // Aborted uploads, bad encodings and wrong lengths are the client's fault too.
    throw AppError.badRequest(messages.invalidJson, 'invalid_json');
  }
}

/** Reads what is left of the body and drops it; false when it broke off or went on past `maxBytes`. */
function discardRest(req: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (req.readableEnded) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (whole: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onBroken);
      req.off('close', onBroken);
      if (!whole) req.pause();
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onBroken = () => finish(false);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onBroken);
    req.once('close', onBroken);
    req.resume();
  });
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.badRequest(messages.invalidJson, 'invalid_json');
  }
}

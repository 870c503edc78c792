import http from 'node:http';
import type { Context } from 'koa';
import { messages } from '@fragtbud/contracts';
import { AppError } from '@fragtbud/platform';

/** Request headers that describe the hop to the gateway and must not travel further. */
const hopHeaders = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'x-internal-token',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-request-id',
]);

export interface ForwardOptions {
  /** The service's base URL; only its origin is used. */
  target: string;
  /** Sent exactly as given (already canonical); never resolved against the target, so it cannot collapse. */
  path: string;
  extraHeaders: Record<string, string>;
  timeoutMs: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const bufferedResponseLimit = 256 * 1024;

/**
 * Streams the request to the owning service and its answer back. A service that cannot be reached becomes the
 * Danish 503 of the API contract; the request body is never buffered here.
 */
export function forward(ctx: Context, options: ForwardOptions): Promise<void> {
  if (!options.path.startsWith('/') || options.path.startsWith('//')) {
    return Promise.reject(AppError.badRequest(messages.invalidPath, 'invalid_path'));
  }
  const target = new URL(options.target);
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (!hopHeaders.has(name) && value !== undefined) headers[name] = value;
  }
  Object.assign(headers, options.extraHeaders);

  return new Promise<void>((resolve, reject) => {
    const upstream = http.request(
      {
        agent,
        hostname: target.hostname,
        port: target.port,
        method: ctx.method,
        path: options.path,
        headers,
        timeout: options.timeoutMs,
      },
      (response) => {
        ctx.status = response.statusCode ?? 502;
        for (const [name, value] of Object.entries(response.headers)) {
          if (value === undefined || name === 'connection' || name === 'transfer-encoding' || name === 'keep-alive') continue;
          ctx.set(name, value as string | string[]);
        }
        const length = Number(response.headers['content-length']);
        if (!(length <= bufferedResponseLimit) || ctx.method === 'HEAD') {
          ctx.body = response;
          resolve();
          return;
        }
        // Most API answers are small JSON with a known length: handed on as one buffer, they skip a stream
        // pipeline per request (its AbortController and DOMException were a measurable share of the hop).
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => {
          ctx.body = Buffer.concat(chunks);
          resolve();
        });
        response.once('error', (error) => {
          ctx.state.log?.warn({ err: error, target: target.origin }, 'service answer broke off');
          reject(AppError.unavailable(messages.serviceUnavailable, 'service_unavailable'));
        });
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', (error) => {
      ctx.state.log?.warn({ err: error, target: target.origin }, 'service unreachable');
      reject(AppError.unavailable(messages.serviceUnavailable, 'service_unavailable'));
    });
    ctx.req.pipe(upstream);
  });
}

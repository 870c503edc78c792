import type { IncomingHttpHeaders } from 'node:http';
import { Stream } from 'node:stream';
import type Koa from 'koa';
import type { Context } from 'koa';
import compose from 'koa-compose';
import { Pool } from 'undici';

import { AppError, domainError } from '@fragtbud/platform';

/** Request headers that describe the hop to the gateway and must not travel further. */
const hopHeaders = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'x-internal-token',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-request-id',
  // Set by the gateway alone (read-your-writes): a client's own would only make services wait.
  'x-read-after',
  'x-written-events',
]);
/** Response headers of the hop from the service, which Node's server writes itself. */
const hopResponseHeaders = new Set(['connection', 'transfer-encoding', 'keep-alive']);

export interface ForwardOptions {
  /** The service's base URL; only its origin is used. */
  target: string;
  /** Sent exactly as given (already canonical); never resolved against the target, so it cannot collapse. */
  path: string;
  extraHeaders: Record<string, string>;
  timeoutMs: number;
  /** The service running in this process (the embedded topology): its app is handed the request itself. */
  inProcess?: InProcessService;
}

/** A service in the gateway's own process: its Koa app, and whether it still takes requests. */
export interface InProcessService {
  app: Koa;
  isOpen(): boolean;
}

const bufferedResponseLimit = 256 * 1024;

export interface Forwarder {
  forward(ctx: Context, options: ForwardOptions): Promise<void>;
  /** Closes the kept-alive connections to the services, after the requests on them (the gateway's shutdown). */
  close(): Promise<void>;
}

/**
 * The gateway's way to the services: one pool of kept-alive connections per service (undici, which does far less
 * work per request than node:http's client — the hop's biggest cost after the syscalls).
 */
export function createForwarder(): Forwarder {
  const pools = new Map<string, Pool>();
  const poolFor = (origin: string) => {
    let pool = pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, { connections: 256 });
      pools.set(origin, pool);
    }
    return pool;
  };
  return {
    forward: (ctx, options) => forward(ctx, options, poolFor),
    close: async () => {
      const closing = [...pools.values()].map((pool) => pool.close());
      pools.clear();
      await Promise.allSettled(closing);
    },
  };
}

/**
 * Streams the request to the owning service and its answer back. A service that cannot be reached becomes the
 * Danish 503 of the API contract; the request body is never buffered here.
 */
async function forward(ctx: Context, options: ForwardOptions, poolFor: (origin: string) => Pool): Promise<void> {
  if (!options.path.startsWith('/') || options.path.startsWith('//')) {
    throw domainError('invalid_path');
  }
  const headers = forwardedHeaders(ctx, options);
  if (options.inProcess) return dispatchInProcess(ctx, options, options.inProcess, headers);
  const hasBody = ctx.req.headers['content-length'] !== undefined || ctx.req.headers['transfer-encoding'] !== undefined;
  const target = new URL(options.target).origin;

  try {
    const response = await poolFor(target).request({
      method: ctx.method as 'GET',
      path: options.path,
      headers: headers as Record<string, string | string[]>,
      body: hasBody && ctx.method !== 'GET' && ctx.method !== 'HEAD' ? ctx.req : null,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    ctx.status = response.statusCode;
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || hopResponseHeaders.has(name)) continue;
      // Added to what the gateway varies on itself (Accept-Encoding, when it compresses), not put in its place.
      if (name === 'vary') ctx.vary(String(value).split(',').map((field) => field.trim()).filter(Boolean));
      else ctx.set(name, value);
    }
    const length = Number(response.headers['content-length']);
    if (!(length <= bufferedResponseLimit) || ctx.method === 'HEAD') {
      ctx.body = response.body;
      return;
    }
    // Most API answers are small JSON with a known length: handed on as one buffer.
    ctx.body = Buffer.from(await response.body.arrayBuffer());
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.state.log?.warn({ err: error, target }, 'service unreachable or its answer broke off');
    throw domainError('service_unavailable');
  }
}

function forwardedHeaders(ctx: Context, options: ForwardOptions): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (!hopHeaders.has(name) && value !== undefined) headers[name] = value;
  }
  return Object.assign(headers, options.extraHeaders);
}

const composed = new WeakMap<Koa, compose.ComposedMiddleware<Context>>();

/**
 * The hop without the loopback socket: the service's own middleware (internal token, validation, its routes) runs on
 * the gateway's request, with the service's path and the forwarded headers, and leaves its answer in a context of
 * its own; the gateway sends it as if it had come over HTTP. Saves the second HTTP request and answer, both parsed
 * and written, per API call in the embedded topology. The service's headers go straight onto the shared response,
 * as the HTTP hop would copy them; its body becomes bytes, as the HTTP hop's would.
 */
async function dispatchInProcess(ctx: Context, options: ForwardOptions, service: InProcessService, headers: IncomingHttpHeaders) {
  if (!service.isOpen()) throw domainError('service_unavailable');
  const { req, res } = ctx;
  let middleware = composed.get(service.app);
  if (!middleware) {
    middleware = compose(service.app.middleware as compose.Middleware<Context>[]);
    composed.set(service.app, middleware);
  }
  const gatewayVary = res.getHeader('vary');
  const headersBefore = new Set(res.getHeaderNames());
  const gatewayUrl = req.url;
  const gatewayHeaders = req.headers;
  req.url = options.path;
  // The body is the same stream, already de-chunked by Node; without the header the service would take a chunked
  // body (no Content-Length) for none and read it as empty.
  const chunked = gatewayHeaders['transfer-encoding'];
  req.headers = chunked === undefined ? headers : { ...headers, 'transfer-encoding': chunked };
  const inner = service.app.createContext(req, res) as unknown as Context;
  let timer: NodeJS.Timeout | undefined;
  try {
    const handled = middleware(inner);
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    });
    // An answer that comes after the gateway gave up goes nowhere (its late header writes fail inside the service).
    handled.catch(() => undefined);
    await Promise.race([handled, timedOut]);
  } catch (error) {
    for (const name of res.getHeaderNames()) if (!headersBefore.has(name)) res.removeHeader(name);
    ctx.state.log?.warn({ err: error, service: options.target }, 'in-process service failed or gave no answer');
    throw domainError('service_unavailable');
  } finally {
    clearTimeout(timer);
    req.url = gatewayUrl;
    req.headers = gatewayHeaders;
  }
  const status = inner.status;
  ctx.status = status;
  if (gatewayVary) ctx.vary(String(gatewayVary).split(',').map((field) => field.trim()).filter(Boolean));
  ctx.body = bytesOf(inner.body, emptyStatuses.has(status) ? null : inner.message || String(status));
}

const emptyStatuses = new Set([204, 205, 304]);

/** A service's answer as the HTTP hop would hand it on: bytes, or the stream it is (no body: what Koa would send). */
function bytesOf(body: unknown, instead: string | null): Buffer | Stream | null {
  if (body === null || body === undefined) return instead === null ? null : Buffer.from(instead);
  if (Buffer.isBuffer(body) || body instanceof Stream) return body;
  if (typeof body === 'string') return Buffer.from(body);
  return Buffer.from(JSON.stringify(body));
}

import { isIP } from 'node:net';
import type { Context } from 'koa';

/**
 * The client's address: Koa's `ctx.ip`, which with TRUST_PROXY_HOPS = N is the N-th X-Forwarded-For entry from the
 * right. Something that is not an IP address there (a request that bypassed the proxy and wrote the header itself)
 * is not believed: the socket's address is used instead.
 */
export function clientAddressOf(ctx: Context): string {
  if (isIP(ctx.ip)) return ctx.ip;
  return ctx.socket.remoteAddress ?? 'unknown';
}

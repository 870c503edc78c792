import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function headersOf(handler: Koa.Middleware, hsts = false): Promise<Headers> {
  const app = new Koa();
  app.use(securityHeaders({ hsts }));
  app.use(handler);
  const server = createServer(app.callback()).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await response.arrayBuffer();
  return response.headers;
}

describe('securityHeaders', () => {
  it('puts the policy on every answer', async () => {
    const headers = await headersOf((ctx) => {
      ctx.body = { ok: true };
    });
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('strict-transport-security')).toBeNull();
    const withHsts = await headersOf((ctx) => {
      ctx.status = 204;
    }, true);
    expect(withHsts.get('strict-transport-security')).toContain('max-age=31536000');
  });

  it('keeps its own values when what runs after it (a service answer copied on) sets others or removes them', async () => {
    const headers = await headersOf((ctx) => {
      ctx.set('X-Frame-Options', 'SAMEORIGIN');
      ctx.set('Content-Security-Policy', 'default-src *');
      ctx.remove('X-Content-Type-Options');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = 'svar';
    });
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('has them on an answer sent before the chain ends', async () => {
    const headers = await headersOf((ctx) => {
      ctx.respond = false;
      ctx.res.end('direkte');
    });
    expect(headers.get('x-frame-options')).toBe('DENY');
  });
});

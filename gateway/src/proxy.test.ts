import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { createLogger, errorHandler } from '@fragtbud/platform';
import { createForwarder, type Forwarder } from './proxy';

const servers: http.Server[] = [];
const forwarders: Forwarder[] = [];

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function gatewayTo(target: string): Promise<string> {
  const app = new Koa();
  app.use(errorHandler(createLogger({ name: 'proxy-test', level: 'silent' })));
  const forwarder = createForwarder();
  forwarders.push(forwarder);
  app.use((ctx) => forwarder.forward(ctx, { target, path: ctx.url, extraHeaders: {}, timeoutMs: 5_000 }));
  const server = http.createServer(app.callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await Promise.all(forwarders.splice(0).map((forwarder) => forwarder.close()));
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('forward', () => {
  it('when the service answers small JSON, then the client gets the same status, headers and bytes', async () => {
    const body = JSON.stringify({ user: { name: 'Kunde Æblegård' } });
    const service = await listen((_, res) => {
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'x-extra': 'ja' });
      res.end(body);
    });
    const response = await fetch(`${await gatewayTo(service)}/profile`);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-extra')).toBe('ja');
    expect(await response.text()).toBe(body);
  });

  it('when the service varies its answer, then that is added to what the gateway varies on, not put in its place', async () => {
    const service = await listen((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2, vary: 'Cookie, Authorization' });
      res.end('{}');
    });
    const app = new Koa();
    const forwarder = createForwarder();
    forwarders.push(forwarder);
    app.use(async (ctx) => {
      ctx.vary('Accept-Encoding');
      await forwarder.forward(ctx, { target: service, path: ctx.url, extraHeaders: {}, timeoutMs: 5_000 });
    });
    const server = http.createServer(app.callback());
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/tasks`);
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie, Authorization');
  });

  it('when the service answers more than the buffer limit or without a length, then it is streamed through whole', async () => {
    const large = 'x'.repeat(600 * 1024);
    const service = await listen((req, res) => {
      if (req.url === '/large') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': large.length });
        res.end(large);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('del 1,');
      setTimeout(() => res.end('del 2'), 20);
    });
    const gateway = await gatewayTo(service);
    expect((await (await fetch(`${gateway}/large`)).text()).length).toBe(large.length);
    expect(await (await fetch(`${gateway}/chunked`)).text()).toBe('del 1,del 2');
  });

  it('when the service breaks off in the middle of a small answer, then the client gets a Danish 503, not a cut body', async () => {
    const service = await listen((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
      res.write('{"begyndt":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const response = await fetch(`${await gatewayTo(service)}/broken`);
    expect(response.status).toBe(503);
    expect(JSON.stringify(await response.json())).toContain(messages.serviceUnavailable);
  });
});

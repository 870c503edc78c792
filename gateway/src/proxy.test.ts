import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@fragtbud/contracts';
import { createLogger, errorHandler, jsonBodyParser } from '@fragtbud/platform';
import { createForwarder, type Forwarder, type InProcessService } from './proxy';

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

/** A small service with the platform's error handling: what it saw, and answers of each kind. */
function sampleService() {
  const seen: Array<{ path: string; headers: Record<string, unknown>; body?: string }> = [];
  const app = new Koa();
  app.use(errorHandler(createLogger({ name: 'sample-service', level: 'silent' })));
  app.use(async (ctx) => {
    const body = ctx.method === 'POST' ? await new Response(ctx.req as unknown as ReadableStream).text() : undefined;
    seen.push({ path: ctx.url, headers: { ...ctx.headers }, body });
    if (ctx.path === '/json') {
      ctx.status = 201;
      ctx.set('x-extra', 'ja');
      ctx.set('Vary', 'Cookie, Authorization');
      ctx.body = { user: { name: 'Kunde Æblegård' }, body: body ?? null };
    } else if (ctx.path === '/text') ctx.body = 'hej';
    else if (ctx.path === '/empty') ctx.status = 204;
    else if (ctx.path === '/silent') await new Promise(() => undefined);
    else if (ctx.path === '/slow-headers') {
      ctx.set('content-disposition', 'attachment; filename="x.pdf"');
      await new Promise(() => undefined);
    } else ctx.throw(404, 'findes ikke');
  });
  return { app, seen };
}

/** A gateway in front of one service, in its process: varies on Accept-Encoding first, as the real one may. */
async function gatewayInProcess(service: InProcessService, timeoutMs = 5_000) {
  const app = new Koa();
  app.use(errorHandler(createLogger({ name: 'proxy-test', level: 'silent' })));
  const forwarder = createForwarder();
  forwarders.push(forwarder);
  const afterwards: string[] = [];
  app.use(async (ctx) => {
    ctx.vary('Accept-Encoding');
    await forwarder.forward(ctx, {
      target: 'http://127.0.0.1:1',
      path: ctx.url.replace(/^\/api/, ''),
      extraHeaders: { 'x-internal-token': 'signeret' },
      timeoutMs,
      inProcess: service,
    });
    afterwards.push(`${ctx.path} ${ctx.get('x-internal-token') || '-'}`);
  });
  const server = http.createServer(app.callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, afterwards };
}

const comparable = (response: Response) => {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));
  return { status: response.status, headers };
};

describe('forward to a service in the same process', () => {
  it('when an API call is handed to the service, then the client gets what the HTTP hop would give', async () => {
    const viaHttp = sampleService();
    const service = await listen(viaHttp.app.callback());
    const overHttp = await gatewayTo(service);
    const inProcess = sampleService();
    const gateway = await gatewayInProcess({ app: inProcess.app, isOpen: () => true });

    for (const [path, init] of [
      ['/json', { method: 'POST', body: '{"fra":"Aarhus"}', headers: { 'content-type': 'application/json' } }],
      ['/text', {}],
      ['/empty', {}],
      ['/missing', {}],
    ] as const) {
      const a = await fetch(`${overHttp}${path}`, init);
      const b = await fetch(`${gateway.url}/api${path}`, init);
      const [textA, textB] = [await a.text(), await b.text()];
      expect({ ...comparable(b), text: textB }, path).toEqual({
        ...comparable(a),
        // The HTTP hop's gateway in these tests does not vary itself; the in-process one does, and keeps it.
        headers: { ...comparable(a).headers, ...(a.headers.get('vary') ? { vary: 'Cookie, Authorization, Accept-Encoding' } : { vary: 'Accept-Encoding' }) },
        text: textA,
      });
    }
    expect(inProcess.seen[0]).toMatchObject({ path: '/json', body: '{"fra":"Aarhus"}' });
  });

  it('when the service reads the request, then it sees its own path and the forwarded headers, and the gateway gets its own back', async () => {
    const service = sampleService();
    const gateway = await gatewayInProcess({ app: service.app, isOpen: () => true });
    await fetch(`${gateway.url}/api/json?side=2`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', 'x-internal-token': 'forfalsket', 'x-forwarded-for': '6.6.6.6' },
    });
    expect(service.seen[0]?.path).toBe('/json?side=2');
    expect(service.seen[0]?.headers).toMatchObject({ 'x-internal-token': 'signeret', 'content-type': 'application/json' });
    expect(service.seen[0]?.headers).not.toHaveProperty('x-forwarded-for');
    expect(gateway.afterwards).toEqual(['/api/json forfalsket']);
  });

  it('when the service is closed, then the client gets the Danish 503 and the service sees nothing', async () => {
    const service = sampleService();
    const gateway = await gatewayInProcess({ app: service.app, isOpen: () => false });
    const response = await fetch(`${gateway.url}/api/json`);
    expect(response.status).toBe(503);
    expect(JSON.stringify(await response.json())).toContain(messages.serviceUnavailable);
    expect(service.seen).toHaveLength(0);
  });

  it('when the service gives no answer in time, then the client gets the Danish 503 without the headers the service had set', async () => {
    const service = sampleService();
    const gateway = await gatewayInProcess({ app: service.app, isOpen: () => true }, 100);
    for (const path of ['/api/silent', '/api/slow-headers']) {
      const response = await fetch(`${gateway.url}${path}`);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-disposition')).toBeNull();
      expect(JSON.stringify(await response.json())).toContain(messages.serviceUnavailable);
    }
  });
});

/** A JSON body sent the way a streaming client sends it: `Transfer-Encoding: chunked`, no Content-Length, in pieces. */
async function postChunked(url: string, pieces: string[]): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    request.on('error', reject);
    for (const piece of pieces) request.write(piece);
    request.end();
  });
}

/** A service with the platform's JSON body parser that answers what it parsed. */
function echoService() {
  const app = new Koa();
  app.use(errorHandler(createLogger({ name: 'echo-service', level: 'silent' })));
  app.use(jsonBodyParser());
  app.use((ctx) => {
    ctx.body = { parsed: ctx.request.body ?? null };
  });
  return app;
}

describe('a chunked JSON body (Transfer-Encoding: chunked, no Content-Length)', () => {
  const pieces = ['{"fra":"Aar', 'hus","til":"Odense"}'];
  const expected = { status: 200, body: { parsed: { fra: 'Aarhus', til: 'Odense' } } };

  it('when it is sent to a service, then the service parses it', async () => {
    expect(await postChunked(`${await listen(echoService().callback())}/echo`, pieces)).toEqual(expected);
  });

  it('when it goes through the gateway over HTTP, then the service parses it, not an empty body', async () => {
    const service = await listen(echoService().callback());
    expect(await postChunked(`${await gatewayTo(service)}/echo`, pieces)).toEqual(expected);
  });

  it('when the gateway hands it to a service in its process, then the service parses it, not an empty body', async () => {
    const gateway = await gatewayInProcess({ app: echoService(), isOpen: () => true });
    expect(await postChunked(`${gateway.url}/api/echo`, pieces)).toEqual(expected);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { probes } from './probes';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function gatewayWithProbes(isDraining: () => boolean): Promise<string> {
  const app = new Koa();
  app.use(probes(isDraining));
  app.use((ctx) => {
    ctx.status = 401; // what the rest of the gateway would do with a request carrying no session
  });
  const server = createServer(app.callback()).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('gateway probes', () => {
  it('when /healthz and /readyz are asked without any token or cookie, then they answer 200 with a status only', async () => {
    const url = await gatewayWithProbes(() => false);
    const live = await fetch(`${url}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('when the gateway is draining, then /readyz answers 503 not_ready and /healthz stays 200', async () => {
    let draining = false;
    const url = await gatewayWithProbes(() => draining);
    draining = true;
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not_ready' });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('when another path or method is used, then the probes stay out of the way', async () => {
    const url = await gatewayWithProbes(() => false);
    expect((await fetch(`${url}/readyz/x`)).status).toBe(401);
    expect((await fetch(`${url}/readyz`, { method: 'POST' })).status).toBe(401);
  });
});

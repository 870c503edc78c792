import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHealth } from './health';
import type { UpstreamName } from './upstreams';

const secret = 'x'.repeat(32);

/** A stand-in service whose /readyz answers `status` with `body`. */
function fakeService(status: number, body: unknown): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })),
  );
}

describe('gateway health', () => {
  const servers: Server[] = [];
  let ready: string;
  let degraded: string;
  let notReady: string;

  beforeAll(async () => {
    const started = await Promise.all([
      fakeService(200, { status: 'ready', checks: { database: true, bus: true, consumers: [] } }),
      fakeService(200, { status: 'degraded', checks: { database: true, bus: false, consumers: [] } }),
      fakeService(503, { status: 'not_ready', checks: { database: false, bus: true, consumers: [] } }),
    ]);
    servers.push(...started.map(({ server }) => server));
    [ready, degraded, notReady] = started.map(({ url }) => url) as [string, string, string];
  });

  afterAll(() => servers.forEach((server) => server.close()));

  const upstreams = (overrides: Partial<Record<UpstreamName, string>>): Record<UpstreamName, string> => ({
    identity: ready,
    tasks: ready,
    bids: ready,
    payments: ready,
    chat: ready,
    ledger: ready,
    ...overrides,
  });

  it('when every service is ready, then all are ok', async () => {
    expect(await checkHealth(upstreams({}), secret)).toEqual({
      status: 'ok',
      services: { identity: 'ok', tasks: 'ok', bids: 'ok', payments: 'ok', chat: 'ok', ledger: 'ok' },
    });
  });

  it('when a service serves but its events wait (bus down), then it and the whole are degraded, not down', async () => {
    expect(await checkHealth(upstreams({ chat: degraded }), secret)).toMatchObject({
      status: 'degraded',
      services: { chat: 'degraded', identity: 'ok' },
    });
  });

  it('when a service cannot serve or does not answer, then it is down and so is the whole', async () => {
    expect(await checkHealth(upstreams({ tasks: notReady, bids: 'http://127.0.0.1:1', chat: degraded }), secret)).toMatchObject({
      status: 'down',
      services: { tasks: 'down', bids: 'down', chat: 'degraded', ledger: 'ok' },
    });
  });
});

import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeServerGracefully } from './process-lifecycle';

/**
 * A server whose answers wait until the test calls `answer()`; `requested` resolves once a request is being handled,
 * so the test knows it is in flight without sleeping.
 */
async function heldServer(): Promise<{ server: Server; url: string; requested: Promise<void>; answer: () => void }> {
  let requestArrived!: () => void;
  const requested = new Promise<void>((resolve) => (requestArrived = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((_request, response) => {
    requestArrived();
    void released.then(() => response.end('fertig'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requested, answer: release };
}

function get(url: string): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(url, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }));
    })
      .on('error', reject)
      .end();
  });
}

describe('closeServerGracefully', () => {
  it('when the server closes during a request, then the request still gets its whole answer and new connections are refused', async () => {
    const { server, url, requested, answer } = await heldServer();
    const inFlight = get(url);
    await requested;
    const closing = closeServerGracefully(server);
    await expect(get(url)).rejects.toThrow();
    answer();
    expect(await inFlight).toMatchObject({ status: 200, body: 'fertig' });
    await closing;
    await expect(get(url)).rejects.toThrow();
  });

  it('when a response never ends, then the connection is cut after the force limit', async () => {
    const { server, url, requested } = await heldServer();
    const stuck = get(url).catch((error: unknown) => error);
    await requested;
    const started = Date.now();
    await closeServerGracefully(server, 300);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stuck).toBeInstanceOf(Error);
  });
});

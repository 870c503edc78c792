import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeServerGracefully } from './process-lifecycle';

/** A server whose answers take `delayMs`. */
function slowServer(delayMs: number): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    setTimeout(() => response.end('fertig'), delayMs);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
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
    const { server, url } = await slowServer(300);
    const inFlight = get(url);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = closeServerGracefully(server);
    expect(await inFlight).toMatchObject({ status: 200, body: 'fertig' });
    await closing;
    await expect(get(url)).rejects.toThrow();
  });

  it('when a response never ends, then the connection is cut after the force limit', async () => {
    const { server, url } = await slowServer(60_000);
    const stuck = get(url).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await closeServerGracefully(server, 300);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stuck).toBeInstanceOf(Error);
  });
});

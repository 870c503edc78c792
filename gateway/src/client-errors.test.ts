/** Requests Node cannot parse are answered in the API's shape, in Danish, with the security headers. */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { messages } from '@fragtbud/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { answerClientErrors } from './client-errors';
import { securityHeaderValues } from './security-headers';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function rawExchange(request: string): Promise<{ status: number; headers: string; body: string }> {
  const server = createServer((_req, res) => res.end('ok')).listen(0, '127.0.0.1');
  servers.push(server);
  answerClientErrors(server, securityHeaderValues({ hsts: false }));
  await new Promise((resolve) => server.once('listening', resolve));
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // The server closes the connection after its answer; a reset then is expected.
  socket.on('error', () => undefined);
  socket.write(request);
  await new Promise((resolve) => socket.once('close', resolve));
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body };
}

describe('answerClientErrors', () => {
  it('when the headers are over Node’s limit, then 431 with a Danish JSON body and the security headers', async () => {
    const reply = await rawExchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.body)).toEqual({ code: 'request_headers_too_large', message: messages.requestHeadersTooLarge });
    expect(reply.headers).toContain("frame-ancestors 'none'");
    expect(reply.headers).toContain('x-content-type-options: nosniff');
  });

  it('when a header line is malformed, then 400 with a Danish JSON body', async () => {
    const reply = await rawExchange('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({ code: 'malformed_request', message: messages.malformedRequest });
    expect(reply.headers).toContain('x-frame-options: deny');
  });
});

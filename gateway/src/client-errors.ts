import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { messages } from '@fragtbud/contracts';

/**
 * A request Node cannot parse (headers over its limit, a malformed request line or header) never reaches Koa; Node's
 * default answers a bare 431/400 with no body and none of our headers. This answers it in the API's shape, in Danish,
 * with the security headers every answer carries, and closes the connection.
 */
export function answerClientErrors(server: Server, headers: Record<string, string>): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(
      tooLarge
        ? { code: 'request_headers_too_large', message: messages.requestHeadersTooLarge }
        : { code: 'malformed_request', message: messages.malformedRequest },
    );
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
}

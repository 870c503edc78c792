/**
 * The floor of any proxy written in Node (bench/gateway-session.ts): node:http in front, one undici pool of kept-alive
 * connections behind (as the gateway has), the request's method, path and headers handed on and the answer's status,
 * type and bytes handed back — no session, no token signing, no security headers, no logging, no Koa. Whatever the
 * gateway costs above this line is its own work; up to it, it is the price of a second HTTP request and answer
 * on this machine. TARGET is the service's origin, PORT where it listens.
 */
import http from 'node:http';
import { Pool } from 'undici';

const target = process.env.TARGET ?? 'http://127.0.0.1:4001';
const pool = new Pool(target, { connections: 256 });
const dropped = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding']);

const server = http.createServer(async (req, res) => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && !dropped.has(name)) headers[name] = value;
  try {
    const answer = await pool.request({ method: 'GET', path: req.url ?? '/', headers });
    const body = Buffer.from(await answer.body.arrayBuffer());
    res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? ''), 'content-length': body.length });
    res.end(body);
  } catch {
    res.writeHead(503).end();
  }
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));

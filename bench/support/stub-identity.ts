/**
 * A stand-in for svc-identity that answers at once (bench/gateway-alone.ts): the session lookup with a customer and
 * GET /auth/profile with a small profile. Whatever the gateway costs is then all that is measured.
 */
import http from 'node:http';

const session = JSON.stringify({ user: { id: 1, role: 'customer', name: 'Kunde', email: 'kunde@fragtbud.dk', approved: true, blocked: false } });
const profile = JSON.stringify({ id: 1, name: 'Kunde Æblegård', email: 'kunde@fragtbud.dk', role: 'customer', phone: '12345678' });

const server = http.createServer((req, res) => {
  const body = req.url?.startsWith('/internal/sessions/resolve') ? session : profile;
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));

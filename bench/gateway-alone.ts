/**
 * The gateway's own cost per authenticated request: the gateway process in front of a stand-in svc-identity that
 * answers at once (bench/support/stub-identity.ts), GET /api/auth/profile with a bearer token, 20 connections, 8 s
 * after a warm-up. Prints req/s and the gateway process's CPU time per request, which — unlike req/s through the
 * whole topology — hardly depends on what else the machine runs.
 *
 *   npx tsx bench/gateway-alone.ts
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { cpuSecondsOf, startProcess, stop, waitUntilOk } from './support/processes';

const stubPort = 4951;
const gatewayPort = 4952;
const stub = startProcess('bench/support/stub-identity.ts', { PORT: String(stubPort) });
const gateway = startProcess('gateway/src/main.ts', {
  PORT: String(gatewayPort),
  IDENTITY_URL: `http://127.0.0.1:${stubPort}`,
  INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
  API_RATE_LIMIT_PER_MINUTE: '100000000',
});

try {
  const url = `http://127.0.0.1:${gatewayPort}/api/auth/profile`;
  const headers = { authorization: `Bearer ${randomBytes(24).toString('base64url')}` };
  await waitUntilOk(`http://127.0.0.1:${stubPort}/auth/profile`);
  await waitUntilOk(`http://127.0.0.1:${gatewayPort}/api/openapi.json`);
  await autocannon({ url, headers, connections: 20, duration: 3 }); // warm-up: JIT and the session cache
  const pid = gateway.pid;
  if (pid === undefined) throw new Error('gateway did not start');
  const before = cpuSecondsOf(pid);
  const result = await autocannon({ url, headers, connections: 20, duration: 8 });
  const perRequest = ((cpuSecondsOf(pid) - before) * 1e6) / result.requests.total;
  process.stdout.write(
    `gateway alone (stand-in svc-identity): ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}; gateway CPU ${Math.round(perRequest)} µs per request\n`,
  );
} finally {
  await stop(gateway);
  await stop(stub);
}

/**
 * Load on the gateway's hot path in the embedded topology: an authenticated GET /api/auth/profile (session cache,
 * internal token, proxy, service, PGlite) and POST /api/auth/login (argon2id). Bounded: 10 s per scenario.
 * The same profile call is also sent straight to svc-identity with a signed internal token, so the line "gateway hop"
 * shows what the gateway costs on the authenticated path (issue 15's goal: at most 15 % of direct throughput).
 */
import autocannon from 'autocannon';
import { createLogger, internalTokenHeader, signInternalToken } from '@fragtbud/platform';
import { startEmbedded } from '@fragtbud/embedded';

const topology = await startEmbedded({
  env: { PORT: '0', INTERNAL_TOKEN_SECRET: 'bench-secret-'.padEnd(40, 'x'), LOG_LEVEL: 'silent', DEMO_SEED: '1', API_RATE_LIMIT_PER_MINUTE: '1000000', LOGIN_RATE_LIMIT: '1000000' },
  dataDir: 'memory',
  logger: createLogger({ name: 'bench', level: 'silent' }),
});

const credentials = JSON.stringify({ email: 'kunde@fragtbud.dk', password: 'demo1234' });
const login = await fetch(`${topology.url}/api/auth/login`, {
  method: 'POST',
  // An API client asks for the token in the JSON; browsers get only the HttpOnly cookie.
  headers: { 'content-type': 'application/json', 'x-session-transport': 'bearer' },
  body: credentials,
});
const { token } = (await login.json()) as { token: string };

async function run(title: string, options: autocannon.Options): Promise<number> {
  const result = await autocannon({ duration: 10, connections: 20, ...options });
  const line = `${title}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`;
  process.stdout.write(`${line}\n`);
  return result.requests.average;
}

const secret = topology.gatewayEnv.INTERNAL_TOKEN_SECRET as string;
const identityUrl = topology.services.find((service) => service.name === 'identity')?.url;
if (!identityUrl) throw new Error('svc-identity is not running');
const resolved = await fetch(new URL('/internal/sessions/resolve', identityUrl), {
  method: 'POST',
  headers: { 'content-type': 'application/json', [internalTokenHeader]: await signInternalToken({ secret, user: null, service: 'bench' }) },
  body: JSON.stringify({ token }),
});
const { user } = (await resolved.json()) as { user: Parameters<typeof signInternalToken>[0]['user'] };

const throughGateway = await run('GET /api/auth/profile (bearer) through the gateway', {
  url: `${topology.url}/api/auth/profile`,
  headers: { authorization: `Bearer ${token}` },
});
const direct = await run('GET /auth/profile straight to svc-identity (signed internal token)', {
  url: `${identityUrl}/auth/profile`,
  headers: { [internalTokenHeader]: await signInternalToken({ secret, user, client: { ip: '127.0.0.1', https: false } }) },
});
process.stdout.write(`gateway hop: ${Math.round((1 - throughGateway / direct) * 100)} % below direct\n`);
await run('POST /api/auth/login', {
  url: `${topology.url}/api/auth/login`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: credentials,
  connections: 4,
});
process.stdout.write(`rss after load: ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB\n`);
await topology.close();

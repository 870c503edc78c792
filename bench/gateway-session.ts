/**
 * Load on the gateway's hot path in the embedded topology: an authenticated GET /api/auth/profile (session cache,
 * internal token, proxy, service, PGlite) and POST /api/auth/login (argon2id). Bounded: 10 s per scenario.
 */
import autocannon from 'autocannon';
import { createLogger } from '@fragtbud/platform';
import { startEmbedded } from '@fragtbud/embedded';

const topology = await startEmbedded({
  env: { LOG_LEVEL: 'silent', DEMO_SEED: '1', API_RATE_LIMIT_PER_MINUTE: '1000000', LOGIN_RATE_LIMIT: '1000000' },
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

async function run(title: string, options: autocannon.Options) {
  const result = await autocannon({ duration: 10, connections: 20, ...options });
  const line = `${title}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`;
  process.stdout.write(`${line}\n`);
}

await run('GET /api/auth/profile (bearer)', {
  url: `${topology.url}/api/auth/profile`,
  headers: { authorization: `Bearer ${token}` },
});
await run('POST /api/auth/login', {
  url: `${topology.url}/api/auth/login`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: credentials,
  connections: 4,
});
process.stdout.write(`rss after load: ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB\n`);
await topology.close();

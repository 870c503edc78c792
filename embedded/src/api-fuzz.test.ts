/**
 * Schema-driven fuzzing of every route of the registry through the real gateway in front of all six services:
 * malformed JSON, wrong types per field, huge strings, `__proto__`/`constructor` keys, NUL and right-to-left
 * characters, odd query strings and path ids, broken multipart. Whatever comes in, the answer is never 5xx, and an
 * error is always `{code, message, details?}` with Danish texts from the catalogue. Seeded (FUZZ_SEED to replay),
 * about 2 000 requests. Bad cookies are the gateway suite's business. GET /events is checked bounded: an open event
 * stream is answered by its status and headers and then closed (see `send` in testing/world.ts); what flows in it is
 * live-events.test.ts's business.
 */
import { accountDeletionTexts, apiRoutes, chatLockTexts, messages, type ApiRoute } from '@fragtbud/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeKey, routeRequests } from './testing/route-requests';
import { worldForSuite, type Actor, type Reply, type RequestOptions, type World } from './testing/world';

const seed = Number(process.env.FUZZ_SEED ?? 20_261_124);
const casesPerRoute = 28;

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function randomFrom(start: number) {
  let state = start >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}
type Random = ReturnType<typeof randomFrom>;

// The chat lock texts of spec 6 are the catalogue's too (kept in chat.ts next to their codes), and so are the
// reasons an account cannot be deleted (account-export.ts).
const catalogue = new Set<string>([...Object.values(messages), ...Object.values(chatLockTexts), ...Object.values(accountDeletionTexts)]);

const nasty = {
  nul: 'før\u0000efter',
  rtl: 'abc\u202Egpj.exe',
  zeroWidth: '\u200B\u200D\uFEFF',
  loneSurrogate: '\uD800',
  emoji: '🚚📦',
  sql: "1' OR '1'='1",
  html: '<script>alert(1)</script>',
  huge: 'x'.repeat(200_000),
  long: 'æ'.repeat(5_000),
};

/** Values of the wrong type or shape for any field. */
const badValues: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'NaN',
  '1e999',
  '2026-13-45',
  [],
  [1, 2],
  {},
  { nested: { deeper: [null] } },
  ...Object.values(nasty),
];

const badPathValues = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999',
  '2147483648',
  '%00',
  '%E2%80%AE',
  '__proto__',
  'constructor',
  encodeURIComponent(nasty.emoji),
  encodeURIComponent(nasty.sql),
  'x'.repeat(3_000),
  '%20',
  '%FF',
  '%',
];

const malformedJson = [
  '{',
  '{"a":',
  '[',
  'nul',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '1e999999',
  '"text"',
  'null',
  '[]',
  'true',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
];

const bodyMethods = new Set(['post', 'put', 'patch']);

function keysOf(schema: z.ZodType | undefined, sample: unknown): string[] {
  const keys = new Set<string>(sample && typeof sample === 'object' && !Array.isArray(sample) ? Object.keys(sample) : []);
  let inner: unknown = schema;
  // Look through preprocess/pipe/effects to the object, when there is one.
  for (let depth = 0; depth < 5 && inner; depth++) {
    if (inner instanceof z.ZodObject) {
      for (const key of Object.keys(inner.shape)) keys.add(key);
      break;
    }
    const def = (inner as { def?: { in?: unknown; out?: unknown; innerType?: unknown; schema?: unknown } }).def;
    inner = def?.out instanceof z.ZodObject ? def.out : (def?.in ?? def?.innerType ?? def?.schema);
  }
  return [...keys];
}

function withProtoKeys(body: Record<string, unknown>, random: Random): string {
  const json = JSON.stringify(body);
  const injected = random.pick([
    '"__proto__":{"role":"admin","isAdmin":true}',
    '"constructor":{"prototype":{"role":"admin"}}',
    '"__proto__":null',
    '"prototype":{"x":1}',
  ]);
  return json === '{}' ? `{${injected}}` : `{${injected},${json.slice(1)}`;
}

function multipartCases(random: Random): RequestOptions {
  const boundary = 'fuzzgrense';
  const part = (name: string, filename: string, type: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`;
  const cases: RequestOptions[] = [
    { raw: 'not multipart at all', contentType: 'multipart/form-data' },
    { raw: 'abc', contentType: `multipart/form-data; boundary=${boundary}` },
    { raw: `${part('file', 'a.png', 'image/png', '\u0089PNG\r\n\u001a\n')}`, contentType: `multipart/form-data; boundary=${boundary}` },
    { raw: `${part('file', 'a.png', 'image/png', 'garbage')}--${boundary}--`, contentType: `multipart/form-data; boundary=${boundary}` },
    { raw: `${part('other', 'a.png', 'image/png', 'x')}--${boundary}--`, contentType: `multipart/form-data; boundary=${boundary}` },
    {
      raw: `${part('file', 'a.png', 'image/png', 'x')}${part('file', 'b.png', 'image/png', 'y')}--${boundary}--`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    { raw: `${part('file', nasty.rtl, 'image/png', '')}--${boundary}--`, contentType: `multipart/form-data; boundary=${boundary}` },
    { raw: `${part('file', '../../etc/passwd', 'application/pdf', '%PDF-1.4 broken')}--${boundary}--`, contentType: `multipart/form-data; boundary=${boundary}` },
    { raw: '--x\r\n\r\n', contentType: 'multipart/form-data; boundary=' },
    { raw: 'x', contentType: `multipart/form-data; boundary=${'b'.repeat(500)}` },
    { raw: '{"file":"x"}', contentType: 'application/json' },
    { raw: 'file=x', contentType: 'application/x-www-form-urlencoded' },
    { raw: new Uint8Array(2048).map(() => Math.floor(random.next() * 256)), contentType: 'image/png' },
  ];
  return random.pick(cases);
}

interface FuzzCase {
  label: string;
  path: string;
  options: RequestOptions;
}

function fuzzCase(route: ApiRoute, world: World, random: Random): FuzzCase {
  const valid = routeRequests[routeKey(route)]?.(world);
  if (!valid) throw new Error(`no request for ${routeKey(route)}`);
  const { path: validPath, ...validOptions } = valid;
  const [pathOnly, validQuery = ''] = validPath.split('?');
  const params = route.path.match(/\{[^}]+\}/g) ?? [];

  // The path: the valid one, or one param swapped for a bad value (never a real object of the world on DELETE).
  let path = pathOnly as string;
  if (params.length > 0 && (route.method === 'delete' || random.next() < 0.35)) {
    const template = route.path.replace(/\{[^}]+\}/g, (param) => `:${param.slice(1, -1)}`);
    const segments = template.split('/');
    const validSegments = path.split('/');
    const swap = random.pick(segments.map((segment, index) => (segment.startsWith(':') ? index : -1)).filter((index) => index >= 0));
    validSegments[swap] = random.pick(badPathValues);
    path = validSegments.join('/');
  }

  const kinds = bodyMethods.has(route.method)
    ? route.path.startsWith('/upload/')
      ? ['multipart', 'multipart', 'multipart', 'json-field', 'malformed-json', 'proto', 'query']
      : ['json-field', 'json-field', 'json-field', 'malformed-json', 'proto', 'content-type', 'whole-body', 'query']
    : ['query', 'query', 'query', 'path'];
  const kind = random.pick(kinds);
  const sample = (validOptions.json ?? {}) as Record<string, unknown>;
  let options: RequestOptions = {};
  let query = validQuery;

  switch (kind) {
    case 'json-field': {
      const keys = keysOf(route.body, sample);
      const key = keys.length > 0 && random.next() < 0.85 ? random.pick(keys) : random.pick(['extra', nasty.rtl, '', 'a.b']);
      options = { json: { ...sample, [key]: random.pick(badValues) } };
      break;
    }
    case 'malformed-json':
      options = { raw: random.pick(malformedJson), contentType: 'application/json' };
      break;
    case 'proto':
      options = { raw: withProtoKeys(sample, random), contentType: 'application/json' };
      break;
    case 'content-type':
      options = {
        raw: random.pick([JSON.stringify(sample), 'a=1&b=2', nasty.nul]),
        contentType: random.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/xml', 'application/vnd.api+json', null]),
      };
      break;
    case 'whole-body':
      options = { json: random.pick(badValues) };
      break;
    case 'multipart':
      options = multipartCases(random);
      break;
    case 'query': {
      const keys = keysOf(route.query, Object.fromEntries(new URLSearchParams(validQuery)));
      const key = keys.length > 0 && random.next() < 0.7 ? random.pick(keys) : random.pick(['__proto__[role]', 'constructor', 'x', 'page', 'limit']);
      const value = random.pick(badValues);
      // Node's HTTP parser answers a request line over 16 KB with a bare 431 before any of our code runs; stay under it.
      const text = typeof value === 'string' ? value.slice(0, 1_000) : JSON.stringify(value);
      const pairs: Array<[string, string]> = [...new URLSearchParams(validQuery), [key, text]];
      if (random.next() < 0.3) pairs.push([key, 'again']);
      query = new URLSearchParams(pairs).toString();
      options = bodyMethods.has(route.method) ? { ...validOptions } : {};
      break;
    }
    case 'path':
    default:
      options = bodyMethods.has(route.method) ? { ...validOptions } : {};
  }
  return { label: `${kind} ${route.method.toUpperCase()} ${path}${query ? `?${query}` : ''}`.slice(0, 300), path: query ? `${path}?${query}` : path, options };
}

function actorFor(route: ApiRoute, world: World, random: Random): Actor {
  const { actors } = world;
  // Logging out, or deleting the account, would end a session the next cases need.
  if (route.path === '/auth/logout' || (route.method === 'delete' && route.path === '/account')) return actors.anonymous;
  const suited: Record<ApiRoute['access'], Actor> = {
    anyone: random.pick([actors.anonymous, actors.customerA]),
    logged_in: random.pick([actors.customerA, actors.carrier, actors.admin]),
    admin: actors.admin,
    admin_or_self: random.pick([actors.admin, actors.customerA]),
    carrier: actors.carrier,
    customer: actors.customerA,
  };
  return random.next() < 0.75 ? suited[route.access] : random.pick(Object.values(actors));
}

/** What is wrong with an answer, or null: never 5xx; an error is `{code, message, details?}` in catalogue Danish. */
function problemWith(reply: Reply): string | null {
  if (reply.status >= 500) return `status ${reply.status}: ${reply.text.slice(0, 200)}`;
  if (reply.status < 400) return null;
  if (!(reply.headers.get('content-type') ?? '').includes('application/json')) return `error without JSON: ${reply.status} ${reply.text.slice(0, 120)}`;
  const body = reply.body as { code?: unknown; message?: unknown; details?: unknown } | undefined;
  if (!body || typeof body.code !== 'string' || body.code === '') return `no code: ${reply.text.slice(0, 200)}`;
  if (typeof body.message !== 'string' || !catalogue.has(body.message)) return `message not from the catalogue: ${JSON.stringify(body.message)}`;
  const extra = Object.keys(body).filter((key) => !['code', 'message', 'details'].includes(key));
  if (extra.length > 0) return `unexpected keys ${extra.join(', ')}`;
  if (body.details !== undefined) {
    if (!Array.isArray(body.details)) return 'details is not a list';
    for (const detail of body.details as Array<{ path?: unknown; message?: unknown }>) {
      if (typeof detail?.path !== 'string' || typeof detail.message !== 'string' || !catalogue.has(detail.message)) {
        return `bad detail ${JSON.stringify(detail)}`;
      }
    }
  }
  return null;
}

const suite = worldForSuite();

describe(`fuzzing every route through the gateway (seed ${seed})`, () => {
  it.each(apiRoutes.map((route, index) => [routeKey(route), route, index] as const))('%s', async (_key, route, index) => {
    const random = randomFrom(seed + index * 7_919);
    const problems: string[] = [];
    for (let i = 0; i < casesPerRoute; i++) {
      const world = suite();
      const fuzz = fuzzCase(route, world, random);
      const reply = await world.request(route.method, fuzz.path, { ...fuzz.options, as: actorFor(route, world, random) });
      const problem = problemWith(reply);
      if (problem) problems.push(`${fuzz.label} → ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});

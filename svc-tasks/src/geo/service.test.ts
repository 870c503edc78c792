/**
 * GET /geo/suggest at the API level: a small tasks service with the uploads and geo routes over createTestInfra,
 * and a local HTTP server playing Klimadatastyrelsen's Adressevælger (these machines have no internet).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { geoSuggestResponseSchema, messages } from '@fragtbud/contracts';
import {
  baseConfigSchema,
  createLogger,
  createService,
  createTestInfra,
  defineService,
  loadConfig,
  signInternalToken,
  type Logger,
  type RunningService,
  type TestInfra,
} from '@fragtbud/platform';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as filesMigration from '../../migrations/002_files';
import { uploadsConfigSchema } from '../uploads/config';
import { uploadsRouter } from '../uploads/routes';
import { createMemoryStorage } from '../uploads/storage';
import { geoConfigSchema } from './config';
import { geoRouter } from './routes';

vi.setConfig({ testTimeout: 15_000 });

const testConfigSchema = baseConfigSchema.extend({ ...uploadsConfigSchema.shape, ...geoConfigSchema.shape });
type TestConfig = z.infer<typeof testConfigSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The fake Adressevælger

type Mode = 'ok' | 'slow' | 'error' | 'garbage' | 'details-fail';

interface FakeProvider {
  url: string;
  mode: Mode;
  /** Every request: path and query. */
  calls: URL[];
  searches(): URL[];
  close(): Promise<void>;
}

const streets = ['Vestergade', 'Vesterbrogade', 'Vestervang', 'Vesterled', 'Vestertoften', 'Vestre Allé', 'Vestervej', 'Vesterport'];
const houseNumberId = (index: number) => `0a3f50a0-0000-32b8-e044-0003ba2980${String(index).padStart(2, '0')}`;

async function startFakeProvider(): Promise<FakeProvider> {
  const fake = {
    mode: 'ok' as Mode,
    calls: [] as URL[],
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.calls.push(url);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (fake.mode === 'slow') {
      const timer = setTimeout(() => json(200, { status: 'ok', fund: [] }), 10_000);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    if (fake.mode === 'error') return json(500, { status: 'fejl', beskrivelse: 'Intern fejl' });
    if (fake.mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<html>vedligeholdelse</html>');
    }
    if (url.pathname === '/husnumre/soeg') {
      const fund = [
        { type: 'navngivenvejpostnummer', id: 'vej-1', titel: 'Vestergade, 8000 Aarhus C', vejnavn: 'Vestergade', postnr: '8000', postdistrikt: 'Aarhus C', antal_husnumre: 80 },
        ...streets.map((street, index) => ({
          type: 'husnummer',
          id: houseNumberId(index),
          titel: `${street} ${index + 1}${index === 1 ? 'B' : ''}, ${7100 + index} ${index === 0 ? 'Vejle' : 'By ' + index}`,
          vejnavn: street,
          husnummer: `${index + 1}${index === 1 ? 'B' : ''}`,
        })),
      ];
      return json(200, { status: 'ok', beskrivelse: '', fund });
    }
    const detail = /^\/husnumre\/([0-9a-f-]+)$/.exec(url.pathname);
    if (detail) {
      if (fake.mode === 'details-fail') return json(503, { status: 'fejl' });
      const index = Number(detail[1]!.slice(-2));
      return json(200, {
        status: 'ok',
        husnummer: {
          id_lokalid: detail[1],
          husnummertekst: `${index + 1}${index === 1 ? 'B' : ''}`,
          vejnavn: streets[index],
          adgangsadressebetegnelse: 'ignored',
          postnummer: { postnr: String(7100 + index), navn: index === 0 ? 'Vejle' : `By ${index}` },
          // The first one is a real access point near Vejle (EPSG:25832).
          adgangspunkt: { koordinater: index === 0 ? { x: 522611.35, y: 6168110.08 } : { x: 520000 + index * 1000, y: 6170000 } },
        },
      });
    }
    return json(404, { status: 'fejl' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    searches: () => fake.calls.filter((call) => call.pathname === '/husnumre/soeg'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Services under test

let infra: TestInfra;
let provider: FakeProvider;
const running: RunningService<TestConfig>[] = [];

interface StartedGeo {
  suggest(q: string | null, as?: Parameters<typeof signInternalToken>[0]['user']): Promise<{ status: number; body: any; ms: number }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  logLines: Array<Record<string, unknown>>;
}

async function startGeo(env: Record<string, string>): Promise<StartedGeo> {
  const secret = randomBytes(32).toString('hex');
  const logLines: Array<Record<string, unknown>> = [];
  const logger: Logger = createLogger({
    name: 'tasks',
    level: 'warn',
    destination: { write: (line: string) => void logLines.push(JSON.parse(line)) },
  });
  const config = loadConfig(testConfigSchema, { ...infra.env, INTERNAL_TOKEN_SECRET: secret, ...env });
  const definition = defineService<TestConfig>({
    name: 'tasks',
    migrations: [{ name: '002_files', up: filesMigration.up, down: filesMigration.down }],
    routes: (deps) => [uploadsRouter(deps, { storage: createMemoryStorage() }), geoRouter(deps)],
  });
  const service = await createService(definition, { config, database: infra.database, bus: infra.bus, logger });
  running.push(service);
  const { url } = await service.listen(0);
  return {
    logLines,
    async suggest(q, as = null) {
      const query = q === null ? '' : `?q=${encodeURIComponent(q)}`;
      const started = Date.now();
      const response = await fetch(`${url}/geo/suggest${query}`, {
        headers: { 'x-internal-token': await signInternalToken({ secret, user: as }) },
      });
      return { status: response.status, body: await response.json(), ms: Date.now() - started };
    },
  };
}

const withProvider = (extra: Record<string, string> = {}) => ({
  GEO_PROVIDER: 'dataforsyningen',
  GEO_BASE_URL: provider.url,
  GEO_TOKEN: 'fragtbud-test-token',
  ...extra,
});

beforeAll(async () => {
  infra = await createTestInfra('tasks');
  provider = await startFakeProvider();
}, 60_000);

afterAll(async () => {
  for (const service of running) await service.close();
  await provider?.close();
  await infra?.close();
}, 60_000);

beforeEach(() => {
  provider.mode = 'ok';
  provider.calls.length = 0;
});

// ---------------------------------------------------------------------------------------------------------------

describe('GET /geo/suggest without a provider (the default)', () => {
  it('when someone types an address, then the answer is an empty list, at once, and nobody is asked', async () => {
    const geo = await startGeo({});
    const reply = await geo.suggest('Vestergade 12, Vejle');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ items: [] });
    expect(reply.ms).toBeLessThan(500);
    expect(provider.calls).toHaveLength(0);
  });
});

describe('GET /geo/suggest with the Adressevælger', () => {
  let geo: StartedGeo;
  beforeAll(async () => {
    geo = await startGeo(withProvider({ GEO_TIMEOUT_MS: '400' }));
  });
  afterEach(() => {
    geo.logLines.length = 0;
  });

  it.each([null, '', 'ab', '   ab   ', ' V  '])('when q is %j (under 3 characters once trimmed), then [] without asking the provider', async (q) => {
    const reply = await geo.suggest(q);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ items: [] });
    expect(provider.calls).toHaveLength(0);
  });

  it('when an anonymous visitor types, then up to 6 house numbers come back in the spec shape, with coordinates', async () => {
    const reply = await geo.suggest('  Vestergade  ');
    expect(reply.status).toBe(200);
    expect(geoSuggestResponseSchema.parse(reply.body)).toEqual(reply.body);
    expect(reply.body.items).toHaveLength(6);

    const [search] = provider.searches();
    expect(search!.searchParams.get('tekst')).toBe('Vestergade');
    expect(search!.searchParams.get('maksimum')).toBe('6');
    expect(search!.searchParams.get('token')).toBe('fragtbud-test-token');

    const [first, second] = reply.body.items;
    expect(first).toEqual({
      label: 'Vestergade 1, 7100 Vejle',
      address: 'Vestergade 1, 7100 Vejle',
      formattedAddress: 'Vestergade 1, 7100 Vejle',
      lat: expect.closeTo(55.65831, 4),
      lng: expect.closeTo(9.359385, 4),
      location: { lat: first.lat, lng: first.lng },
      placeId: houseNumberId(0),
      street: 'Vestergade',
      houseNo: '1',
      postalCode: '7100',
      city: 'Vejle',
      country: 'Danmark',
      countryCode: 'DK',
    });
    expect(second).toMatchObject({ street: 'Vesterbrogade', houseNo: '2B', postalCode: '7101', city: 'By 1' });
    // The street-level hit is no address to pick.
    expect(reply.body.items.map((item: { placeId: string }) => item.placeId)).not.toContain('vej-1');
  });

  it('when a logged-in user types, then the same answer', async () => {
    const reply = await geo.suggest('Vesterbro', { id: 5, role: 'customer', approved: true, blocked: false, name: 'K', email: 'k@example.dk' });
    expect(reply.status).toBe(200);
    expect(reply.body.items).toHaveLength(6);
  });

  it('when the same text is asked again (other case and spacing), then the cache answers and the provider is not called', async () => {
    const first = await geo.suggest('Vestervang 3');
    expect(provider.searches()).toHaveLength(1);
    const callsAfterFirst = provider.calls.length;
    const second = await geo.suggest('  vestervang   3 ');
    expect(second.body).toEqual(first.body);
    expect(provider.calls).toHaveLength(callsAfterFirst);
  });

  it('when the same text is asked several times at once, then the provider is asked once', async () => {
    const replies = await Promise.all([1, 2, 3, 4].map(() => geo.suggest('Vesterled 9')));
    expect(new Set(replies.map((reply) => JSON.stringify(reply.body))).size).toBe(1);
    expect(provider.searches()).toHaveLength(1);
  });

  it('when the provider is slower than the timeout, then [] comes back within it and a warning is logged', async () => {
    provider.mode = 'slow';
    const reply = await geo.suggest('Langsom vej 1');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ items: [] });
    expect(reply.ms).toBeGreaterThanOrEqual(350);
    expect(reply.ms).toBeLessThan(1_500);
    expect(geo.logLines.some((line) => line.msg === 'address suggestions unavailable' && line.level === 40)).toBe(true);
  });

  it.each<Mode>(['error', 'garbage'])('when the provider answers %s, then [] and a warning, and the failure is not cached', async (mode) => {
    provider.mode = mode;
    const text = `Fejlvej ${mode}`;
    expect((await geo.suggest(text)).body).toEqual({ items: [] });
    expect(geo.logLines.some((line) => line.msg === 'address suggestions unavailable')).toBe(true);

    provider.mode = 'ok';
    const again = await geo.suggest(text);
    expect(again.body.items).toHaveLength(6);
    expect(provider.searches()).toHaveLength(2);
  });

  it('when the provider cannot be reached at all, then []', async () => {
    const unreachable = await startGeo(withProvider({ GEO_BASE_URL: 'http://127.0.0.1:9', GEO_TIMEOUT_MS: '400' }));
    const reply = await unreachable.suggest('Ingen forbindelse 1');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ items: [] });
  });

  it('when the coordinate lookups fail, then the suggestions still come (from the search), without coordinates and uncached', async () => {
    // A service of its own: the other tests' coordinate lookups are cached in theirs.
    const fresh = await startGeo(withProvider({ GEO_TIMEOUT_MS: '400' }));
    provider.mode = 'details-fail';
    const reply = await fresh.suggest('Vestertoften');
    expect(reply.body.items).toHaveLength(6);
    expect(reply.body.items[0]).toMatchObject({
      label: 'Vestergade 1, 7100 Vejle',
      street: 'Vestergade',
      houseNo: '1',
      postalCode: '7100',
      city: 'Vejle',
      lat: null,
      lng: null,
      location: null,
    });
    provider.mode = 'ok';
    expect((await fresh.suggest('Vestertoften')).body.items[0].lat).toBeCloseTo(55.65831, 4);
    expect(provider.searches()).toHaveLength(2);
  });

  it('when q is longer than 200 characters, then 400 with a Danish message', async () => {
    const reply = await geo.suggest('a'.repeat(201));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'invalid_input', message: messages.textTooLong });
    expect(provider.calls).toHaveLength(0);
  });
});

describe('the default timeout', () => {
  it('when the provider hangs and no timeout is configured, then [] after about 2 seconds', async () => {
    const geo = await startGeo(withProvider());
    provider.mode = 'slow';
    const reply = await geo.suggest('Hænger 1');
    expect(reply.body).toEqual({ items: [] });
    expect(reply.ms).toBeGreaterThanOrEqual(1_900);
    expect(reply.ms).toBeLessThan(3_000);
  });
});

/** The routing adapter against a local HTTP server playing an OSRM service (these machines have no internet). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchDrivingRoute, routeUrlOf } from './routing';

const aarhus = { lng: 10.2039, lat: 56.1629 };
const copenhagen = { lng: 12.5683, lat: 55.6761 };

let answer: (request: http.IncomingMessage, response: http.ServerResponse) => void;
const asked: string[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/osrm/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  asked.length = 0;
});

const json = (body: unknown, status = 200) => (_request: http.IncomingMessage, response: http.ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

describe('fetchDrivingRoute (OSRM /route/v1/driving)', () => {
  it('when the service finds a route, then its GeoJSON line, distance and duration come back', async () => {
    const line = [
      [10.2039, 56.1629],
      [11.0, 55.9],
      [12.5683, 55.6761],
    ];
    answer = json({ code: 'Ok', routes: [{ geometry: { type: 'LineString', coordinates: line }, distance: 187_000, duration: 8_100 }] });

    const route = await fetchDrivingRoute(base, aarhus, copenhagen);

    expect(route).toEqual({ line, distance: 187_000, duration: 8_100 });
    expect(asked).toEqual(['/osrm/route/v1/driving/10.203900,56.162900;12.568300,55.676100?overview=full&geometries=geojson']);
  });

  it('when the service says NoRoute, answers an error status, or another shape, then null (never a throw)', async () => {
    for (const reply of [
      json({ code: 'NoRoute', message: 'Impossible route' }, 400),
      json({ code: 'NoRoute', routes: [] }),
      json({ code: 'Ok', routes: [{ geometry: 'encoded-polyline' }] }),
      (_request: http.IncomingMessage, response: http.ServerResponse) => response.end('<html>not json</html>'),
      json({ message: 'down' }, 503),
    ]) {
      answer = reply;
      expect(await fetchDrivingRoute(base, aarhus, copenhagen)).toBeNull();
    }
  });

  it('when the service does not answer in time, then null after the timeout', async () => {
    answer = () => undefined; // never answers
    const started = Date.now();
    expect(await fetchDrivingRoute(base, aarhus, copenhagen, { timeoutMs: 200 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('when nothing listens at the address, then null', async () => {
    expect(await fetchDrivingRoute('http://127.0.0.1:9/', aarhus, copenhagen, { timeoutMs: 1_000 })).toBeNull();
  });

  it('builds the OSRM path after any base path, without doubled slashes', () => {
    expect(routeUrlOf('https://router.example/osrm///', aarhus, copenhagen)).toBe(
      'https://router.example/osrm/route/v1/driving/10.203900,56.162900;12.568300,55.676100?overview=full&geometries=geojson',
    );
  });
});

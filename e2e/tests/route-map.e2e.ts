/**
 * The task page's route map (issue 13 item 8) against local fakes of a map style and an OSRM router (no internet
 * here): with the style unreachable the offline drawing stays, without an error; with a style that loads and a
 * browser that can draw WebGL, the interactive map replaces it and the router is asked for the route.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { snapshot } from '../support/browser';
import { apiCall, bearerTokenOf, logIn } from '../support/session';
import { productSuite } from '../support/suite';

let styleAnswers = true;
const routeRequests: string[] = [];
const fake = http.createServer((request, response) => {
  const url = request.url ?? '';
  // The browser asks cross-origin: the fake answers as a real tile server would.
  response.setHeader('access-control-allow-origin', '*');
  if (url.startsWith('/style.json') && styleAnswers) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ version: 8, name: 'Fake', sources: {}, layers: [{ id: 'land', type: 'background', paint: { 'background-color': '#e8eef4' } }] }));
    return;
  }
  if (url.startsWith('/route/v1/driving/')) {
    routeRequests.push(url);
    response.writeHead(200, { 'content-type': 'application/json' });
    const coordinates = [
      [10.2039, 56.1629],
      [11.1, 55.9],
      [12.5683, 55.6761],
    ];
    response.end(JSON.stringify({ code: 'Ok', routes: [{ geometry: { type: 'LineString', coordinates }, distance: 187_000, duration: 8_100 }] }));
    return;
  }
  response.writeHead(404, { 'content-type': 'application/json' });
  response.end('{"message":"not found"}');
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
after(() => {
  fake.closeAllConnections();
  fake.close();
});

const product = productSuite({ MAP_STYLE_URL: `${fakeUrl}/style.json`, ROUTING_URL: fakeUrl });

const customer = { email: `kort-${Date.now()}@example.dk`, password: 'hemmelig-9' };

/** A moving task whose addresses carry the coordinates the address suggestion gave (GEO_PROVIDER is none here). */
async function taskWithCoordinates(): Promise<number> {
  const registered = await fetch(`${product.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Karl Kort', ...customer, role: 'customer', acceptTerms: true }),
  });
  if (registered.status !== 201 && registered.status !== 409) throw new Error(`register answered ${registered.status}`);
  const token = await bearerTokenOf(product.url, customer);
  const task = await apiCall<{ id: number }>(product.url, '/tasks', token, {
    method: 'POST',
    body: {
      type: 'moving',
      from_address: 'Vestergade 12, 8000 Aarhus C',
      to_address: 'Nørregade 5, 1165 København K',
      description: 'Flyttekasser',
      details: { apartmentSize: 'medium', contactPhone: '+45 20 30 40 50', fromLat: 56.1629, fromLng: 10.2039, toLat: 55.6761, toLng: 12.5683 },
      idempotencyKey: randomUUID(),
    },
  });
  return task.id;
}

describe('the route map', () => {
  it('when the map style cannot be loaded, then the offline drawing stays and no error shows', async () => {
    styleAnswers = false;
    const id = await taskWithCoordinates();
    const page = await product.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await logIn(page, product.url, customer, `/task/${id}`);
    const drawing = page.getByRole('figure', { name: /^Rute fra Vestergade 12, 8000 Aarhus C til Nørregade 5/ });
    await drawing.waitFor();
    // Give the map its chance to fail (library load, style request), then the drawing must still be there.
    await page.waitForFunction(() => document.querySelector('[data-map-state]') === null, undefined, { timeout: 15_000 });
    assert.equal(await drawing.isVisible(), true);
    assert.equal(await page.getByRole('alert').count(), 0);
    assert.deepEqual(failures, []);
    await snapshot(page, 'route-map-fallback');
    await page.context().close();
  });

  it('when the style loads and the browser draws WebGL, then the map shows the route the router gave', async (t) => {
    styleAnswers = true;
    routeRequests.length = 0;
    const id = await taskWithCoordinates();
    const page = await product.newPage();
    await logIn(page, product.url, customer, `/task/${id}`);
    await page.getByRole('heading', { name: 'Rute', exact: true }).waitFor();
    const webgl = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    });
    if (!webgl) {
      t.skip('this Chromium has no WebGL (the fallback is the test above)');
      await page.context().close();
      return;
    }
    await page.locator('[data-map-state="map"]').waitFor({ timeout: 20_000 });
    await page.getByRole('region', { name: /^Kort over ruten fra Vestergade 12/ }).locator('canvas').waitFor();
    assert.deepEqual(routeRequests, ['/route/v1/driving/10.203900,56.162900;12.568300,55.676100?overview=full&geometries=geojson']);
    await snapshot(page, 'route-map-live');
    await page.context().close();
  });
});

import { screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@fragtbud/web';
import { renderWithQueryClient } from '@fragtbud/web/testing';
import { setupShellApiServer } from '../../../../testing/api-server';
import { mountLiveMap } from './live-map';
import { TaskRouteMap } from './task-route-map';

vi.mock('./live-map', () => ({ mountLiveMap: vi.fn() }));
// jsdom draws no WebGL; the decision itself is route-plan.test.ts's business.
vi.mock('./route-plan', async (original) => ({ ...(await original<typeof import('./route-plan')>()), browserHasWebGl: () => true }));

let map: unknown = null;
const suggested: string[] = [];
const suggestion = (address: string, lat: number, lng: number) => ({
  label: address,
  address,
  formattedAddress: address,
  lat,
  lng,
  location: { lat, lng },
  placeId: address,
  street: '',
  houseNo: '',
  postalCode: '',
  city: '',
  country: 'Danmark',
  countryCode: 'DK',
});

setupShellApiServer(
  http.get('/api/site', () => HttpResponse.json({ companyName: 'Fragtbud', cvr: null, address: null, email: null, phone: null, map })),
  http.get('/api/geo/suggest', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    suggested.push(q);
    return HttpResponse.json({ items: q.startsWith('Vestergade') ? [suggestion(q, 56.1629, 10.2039)] : q.startsWith('Nørregade') ? [suggestion(q, 55.6761, 12.5683)] : [] });
  }),
);

const from = 'Vestergade 12, 8000 Aarhus C';
const to = 'Nørregade 5, 1165 København K';
/** The site's facts (the map settings) have arrived and the map has been decided on with them. */
async function settledSiteInfo(client: QueryClient) {
  await waitFor(() => expect(client.getQueryState(queryKeys.siteInfo())?.status).toBe('success'));
}
/** The geocoding queries that were asked so far (an address placed on the map is one `['geo', …]` query; a query
 * that is still disabled is in the cache but was never asked). */
const geoQueries = (client: QueryClient) =>
  client
    .getQueryCache()
    .findAll({ queryKey: ['geo'] })
    .filter((query) => query.state.fetchStatus !== 'idle' || query.state.dataUpdateCount + query.state.errorUpdateCount > 0);

const drawing = () => screen.getByRole('figure', { name: `Rute fra ${from} til ${to}` });

beforeEach(() => {
  map = null;
  suggested.length = 0;
  vi.mocked(mountLiveMap).mockReset();
});

describe('the task route map', () => {
  it('when no map service is configured, then the drawing, and nothing is geocoded or loaded', async () => {
    const { client } = renderWithQueryClient(<TaskRouteMap task={{ view: 'full', details: {} }} from={from} to={to} />);
    expect(drawing()).toBeTruthy();
    await settledSiteInfo(client);
    expect(geoQueries(client)).toEqual([]);
    expect(suggested).toEqual([]);
    expect(mountLiveMap).not.toHaveBeenCalled();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('when a style is configured, then the addresses are placed and the map mounted; the drawing gives way once it loads', async () => {
    map = { styleUrl: 'http://127.0.0.1:1/style.json', routingUrl: null };
    vi.mocked(mountLiveMap).mockResolvedValue({ remove: vi.fn() });
    const { container } = renderWithQueryClient(<TaskRouteMap task={{ view: 'full', details: {} }} from={from} to={to} />);

    await waitFor(() => expect(mountLiveMap).toHaveBeenCalled());
    expect(vi.mocked(mountLiveMap).mock.calls[0]?.[1]).toEqual({
      styleUrl: 'http://127.0.0.1:1/style.json',
      from: { lat: 56.1629, lng: 10.2039 },
      to: { lat: 55.6761, lng: 12.5683 },
      line: null,
    });
    await waitFor(() => expect(container.querySelector('[data-map-state="map"]')).not.toBeNull());
    expect(screen.getByRole('region', { name: `Kort over ruten fra ${from} til ${to}` })).toBeTruthy();
    expect(suggested.sort()).toEqual([from, to].sort());
  });

  it('when the task kept coordinates, then they are used without asking the geo service', async () => {
    map = { styleUrl: 'http://127.0.0.1:1/style.json', routingUrl: null };
    vi.mocked(mountLiveMap).mockResolvedValue({ remove: vi.fn() });
    renderWithQueryClient(<TaskRouteMap task={{ view: 'full', details: { fromLat: 56.1, fromLng: 10.1, toLat: 55.6, toLng: 12.5 } }} from={from} to={to} />);
    await waitFor(() => expect(mountLiveMap).toHaveBeenCalled());
    expect(vi.mocked(mountLiveMap).mock.calls[0]?.[1]).toMatchObject({ from: { lat: 56.1, lng: 10.1 }, to: { lat: 55.6, lng: 12.5 } });
    expect(suggested).toEqual([]);
  });

  it('when the map fails to load (library, style or WebGL), then the drawing stays and no error shows', async () => {
    map = { styleUrl: 'http://127.0.0.1:1/style.json', routingUrl: null };
    vi.mocked(mountLiveMap).mockRejectedValue(new Error('style not found'));
    const { container } = renderWithQueryClient(<TaskRouteMap task={{ view: 'full', details: {} }} from={from} to={to} />);
    await waitFor(() => expect(mountLiveMap).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('[data-map-state]')).toBeNull());
    expect(drawing()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the caller sees the public view (postal code and city only), then the drawing, and nothing is geocoded', async () => {
    map = { styleUrl: 'http://127.0.0.1:1/style.json', routingUrl: null };
    const { client } = renderWithQueryClient(<TaskRouteMap task={{ view: 'public', details: {} }} from="8000 Aarhus C" to="1165 København K" />);
    await settledSiteInfo(client);
    expect(geoQueries(client)).toEqual([]);
    expect(suggested).toEqual([]);
    expect(mountLiveMap).not.toHaveBeenCalled();
    expect(screen.getByRole('figure')).toBeTruthy();
  });

  it('when an address cannot be placed, then the drawing and no map', async () => {
    map = { styleUrl: 'http://127.0.0.1:1/style.json', routingUrl: null };
    const { client } = renderWithQueryClient(<TaskRouteMap task={{ view: 'full', details: {} }} from="8000 Aarhus C" to={to} />);
    await waitFor(() => expect(suggested).toContain('8000 Aarhus C'));
    // Both addresses have been looked up (one found nothing), and the map was decided on with the answers.
    await waitFor(() => expect(geoQueries(client).map((query) => query.state.status)).toEqual(['success', 'success']));
    expect(mountLiveMap).not.toHaveBeenCalled();
    expect(screen.getByRole('figure')).toBeTruthy();
  });
});

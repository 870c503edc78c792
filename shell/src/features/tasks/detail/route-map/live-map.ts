import type { LngLat } from './route-plan';

export interface LiveMap {
  remove(): void;
}

export interface LiveMapOptions {
  styleUrl: string;
  from: LngLat;
  to: LngLat;
  /** The route's [lng, lat] points; without one the stops are joined by a straight line. */
  line: Array<[number, number]> | null;
  /** How long the style may take before the map gives up (the drawing stays). */
  timeoutMs?: number;
}

/**
 * Draws the route on a MapLibre GL map in `container`. MapLibre (~250 KB gzip) is loaded here, on demand, never
 * with the page. Resolves once the style has loaded and the route is on it; rejects — after removing what it made —
 * when the library, the style or WebGL fails first, or the style takes longer than `timeoutMs`.
 */
export async function mountLiveMap(container: HTMLElement, options: LiveMapOptions): Promise<LiveMap> {
  const [{ Map, Marker, LngLatBounds }] = await Promise.all([import('maplibre-gl'), import('maplibre-gl/dist/maplibre-gl.css')]);
  const map = new Map({
    container,
    style: options.styleUrl,
    bounds: new LngLatBounds([options.from.lng, options.from.lat], [options.from.lng, options.from.lat]).extend([options.to.lng, options.to.lat]),
    fitBoundsOptions: { padding: 48, maxZoom: 14 },
    attributionControl: { compact: true },
    cooperativeGestures: true,
  });
  const line = options.line ?? [
    [options.from.lng, options.from.lat],
    [options.to.lng, options.to.lat],
  ];

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('map style timed out')), options.timeoutMs ?? 8_000);
      map.once('load', () => {
        clearTimeout(timer);
        resolve();
      });
      // Before 'load', any error (style not found, not JSON, WebGL lost) means no map; later ones (a tile) do not.
      map.once('error', (event: { error?: Error }) => {
        clearTimeout(timer);
        reject(event.error ?? new Error('map failed'));
      });
    });
  } catch (error) {
    map.remove();
    throw error;
  }

  map.addSource('route', { type: 'geojson', data: { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: line } } });
  map.addLayer({
    id: 'route-casing',
    type: 'line',
    source: 'route',
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#ffffff', 'line-width': 8 },
  });
  map.addLayer({
    id: 'route-line',
    type: 'line',
    source: 'route',
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      ...colour('line-color', tokenOf(container, '--fb-color-brand')),
      'line-width': 4,
      ...(options.line ? {} : { 'line-dasharray': [2, 2] }),
    },
  });
  // The same colours as the offline drawing: green where the goods are picked up, the accent where they go.
  new Marker(colour('color', tokenOf(container, '--fb-color-success'))).setLngLat([options.from.lng, options.from.lat]).addTo(map);
  new Marker(colour('color', tokenOf(container, '--fb-color-accent-strong'))).setLngLat([options.to.lng, options.to.lat]).addTo(map);
  return { remove: () => map.remove() };
}

/** A design token's value, read from the page: MapLibre paints on a canvas and cannot use CSS variables itself. */
function tokenOf(element: HTMLElement, token: string): string {
  return getComputedStyle(element).getPropertyValue(token).trim();
}

/** `{[key]: value}`, or nothing (MapLibre's default) when the token is not there. */
const colour = <K extends string>(key: K, value: string) => (value ? ({ [key]: value } as Record<K, string>) : {});

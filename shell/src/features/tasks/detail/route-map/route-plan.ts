import type { Task } from '@fragtbud/contracts';
import type { MapSettings } from '../../../../layout/site-info';

export type { MapSettings };

/** A point in WGS84 degrees. */
export interface LngLat {
  lng: number;
  lat: number;
}

export type RouteView =
  | { kind: 'drawing'; reason: 'not-configured' | 'no-coordinates' | 'no-webgl' }
  | { kind: 'map'; styleUrl: string; routingUrl: string | null; from: LngLat; to: LngLat };

const isLngLat = (point: LngLat | null | undefined): point is LngLat =>
  !!point && Number.isFinite(point.lat) && Number.isFinite(point.lng) && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180;

/**
 * Whether the task page shows the interactive map or keeps the offline drawing: the map only when a style is
 * configured, both stops have coordinates and the browser can draw WebGL. Anything that fails later (the library,
 * the style, the tiles) falls back to the drawing too, in the component.
 */
export function chooseRouteView(settings: MapSettings | null, ends: { from: LngLat | null; to: LngLat | null }, webgl: boolean): RouteView {
  if (!settings?.styleUrl) return { kind: 'drawing', reason: 'not-configured' };
  if (!isLngLat(ends.from) || !isLngLat(ends.to)) return { kind: 'drawing', reason: 'no-coordinates' };
  if (!webgl) return { kind: 'drawing', reason: 'no-webgl' };
  return { kind: 'map', styleUrl: settings.styleUrl, routingUrl: settings.routingUrl, from: ends.from, to: ends.to };
}

/** The coordinates the address suggestion gave when the task was posted (moving tasks keep them in details). */
export function storedEndsOf(task: Pick<Task, 'details'>): { from: LngLat | null; to: LngLat | null } {
  const details = (task.details ?? {}) as Record<string, unknown>;
  const point = (lat: unknown, lng: unknown): LngLat | null =>
    typeof lat === 'number' && typeof lng === 'number' && isLngLat({ lat, lng }) ? { lat, lng } : null;
  return { from: point(details.fromLat, details.fromLng), to: point(details.toLat, details.toLng) };
}

/** Whether this browser can create a WebGL context (MapLibre needs one). */
export function browserHasWebGl(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    const canvas = document.createElement('canvas');
    return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

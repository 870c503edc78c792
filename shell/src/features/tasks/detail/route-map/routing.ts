import { z } from 'zod';
import type { LngLat } from './route-plan';

/** An OSRM answer, as far as we read it (`geometries=geojson`): the first route's line. */
const osrmAnswerSchema = z.object({
  code: z.literal('Ok'),
  routes: z
    .array(
      z.object({
        geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(z.tuple([z.number(), z.number()])).min(2) }),
        distance: z.number().optional(),
        duration: z.number().optional(),
      }),
    )
    .min(1),
});

export interface DrivingRoute {
  /** [lng, lat] pairs, as GeoJSON has them. */
  line: Array<[number, number]>;
  /** Metres and seconds, when the service says. */
  distance: number | null;
  duration: number | null;
}

export interface RouteRequestOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** `{base}/route/v1/driving/{lng},{lat};{lng},{lat}?overview=full&geometries=geojson` (the OSRM HTTP API). */
export function routeUrlOf(routingUrl: string, from: LngLat, to: LngLat): string {
  const base = routingUrl.replace(/\/+$/, '');
  const point = ({ lng, lat }: LngLat) => `${lng.toFixed(6)},${lat.toFixed(6)}`;
  return `${base}/route/v1/driving/${point(from)};${point(to)}?overview=full&geometries=geojson`;
}

/**
 * The driving route between two points from an OSRM-compatible service, or null when it cannot say: unreachable,
 * slow (timeout), an error status, `code` other than Ok, or an answer of another shape. Never throws; the map then
 * joins the stops with a straight line.
 */
export async function fetchDrivingRoute(routingUrl: string, from: LngLat, to: LngLat, options: RouteRequestOptions = {}): Promise<DrivingRoute | null> {
  const fetchImpl = options.fetch ?? fetch;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 5_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await fetchImpl(routeUrlOf(routingUrl, from, to), { signal, headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const parsed = osrmAnswerSchema.safeParse(await response.json());
    if (!parsed.success) return null;
    const [route] = parsed.data.routes;
    if (!route) return null;
    return { line: route.geometry.coordinates, distance: route.distance ?? null, duration: route.duration ?? null };
  } catch {
    return null;
  }
}

import { useEffect, useMemo, useRef, useState } from 'react';
import type { Task } from '@fragtbud/contracts';
import { RouteMap } from '@fragtbud/web';
import { useSiteInfo } from '../../../../layout/site-info';
import { useAddressLocation } from '../../api/locate-address';
import { browserHasWebGl, chooseRouteView, storedEndsOf } from './route-plan';
import { fetchDrivingRoute } from './routing';
import './route-map.css';

/**
 * The task's route: an interactive MapLibre map over the configured style with the route from the configured
 * router — or, when no map service is configured, a stop cannot be placed, WebGL is missing, or the library or the
 * style fails to load, the offline drawing. The drawing shows at once and stays until the map has loaded, so the
 * page never shows an error or a blank box for the map.
 */
export function TaskRouteMap({ task, from, to }: { task: Pick<Task, 'details' | 'view'>; from: string; to: string }) {
  const site = useSiteInfo();
  const stored = useMemo(() => storedEndsOf(task), [task]);
  const settings = site.map ?? null;
  // The public view has postal code and city only: a pin there would pretend to know the address.
  const configured = settings !== null && task.view === 'full';
  const fromLookup = useAddressLocation(configured && !stored.from ? from : null);
  const toLookup = useAddressLocation(configured && !stored.to ? to : null);
  const view = chooseRouteView(settings, { from: stored.from ?? fromLookup.data ?? null, to: stored.to ?? toLookup.data ?? null }, configured && browserHasWebGl());

  const container = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  const [failed, setFailed] = useState(false);
  const target = view.kind === 'map' ? view : null;
  const key = target ? `${target.styleUrl}|${target.routingUrl}|${target.from.lng},${target.from.lat}|${target.to.lng},${target.to.lat}` : null;

  useEffect(() => {
    if (!target || !container.current) return;
    const element = container.current;
    const abort = new AbortController();
    let live: { remove(): void } | undefined;
    void (async () => {
      try {
        const route = target.routingUrl ? await fetchDrivingRoute(target.routingUrl, target.from, target.to, { signal: abort.signal }) : null;
        const { mountLiveMap } = await import('./live-map');
        if (abort.signal.aborted) return;
        const mounted = await mountLiveMap(element, { styleUrl: target.styleUrl, from: target.from, to: target.to, line: route?.line ?? null });
        if (abort.signal.aborted) return mounted.remove();
        live = mounted;
        setShown(true);
      } catch {
        // No map after all (library, style, WebGL): the drawing stays, without a word.
        if (!abort.signal.aborted) setFailed(true);
      }
    })();
    return () => {
      abort.abort();
      live?.remove();
      setShown(false);
    };
    // `key` names everything the map depends on; `target` is a new object each render.
  }, [key]);

  if (!target || failed) return <RouteMap from={from} to={to} />;
  return (
    <div className={`task-route-map${shown ? ' task-route-map--live' : ''}`} data-map-state={shown ? 'map' : 'loading'}>
      <RouteMap from={from} to={to} className="task-route-map__drawing" />
      <div ref={container} className="task-route-map__live" role="region" aria-label={`Kort over ruten fra ${from} til ${to}`} />
    </div>
  );
}

import { classNames } from '../ui/class-names';
import './tasks.css';

/**
 * Where an embedded directions map comes from: a URL template with `{origin}` and `{destination}` (e.g. a maps
 * provider's embed URL with its key, region DK and language da). Set by the host app with `configureRouteMap`, or
 * by the page itself through `<meta name="fragtbud-maps-embed-url" content="…">`. Without one — and without
 * internet, as on the build machines — the route is drawn offline.
 */
let configuredTemplate: string | null | undefined;

export function configureRouteMap(options: { embedUrlTemplate: string | null }): void {
  configuredTemplate = options.embedUrlTemplate;
}

function embedUrlTemplate(): string | null {
  if (configuredTemplate !== undefined) return configuredTemplate;
  if (typeof document === 'undefined') return null;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="fragtbud-maps-embed-url"]');
  return meta?.content.trim() || null;
}

/** The embed URL for a route, or null when none is configured or the template is not an https URL. */
export function routeMapEmbedUrl(from: string, to: string): string | null {
  const template = embedUrlTemplate();
  if (!template || !template.startsWith('https://')) return null;
  return template.replaceAll('{origin}', encodeURIComponent(from)).replaceAll('{destination}', encodeURIComponent(to));
}

/** A small stable number from the addresses, so each route gets its own curve. */
function seedOf(text: string): number {
  let hash = 7;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

function OfflineRoute({ from, to }: { from: string; to: string }) {
  const seed = seedOf(`${from}|${to}`);
  const startY = 84 - (seed % 34);
  const endY = 40 + ((seed >>> 5) % 40);
  const bend = 24 + ((seed >>> 9) % 56);
  const path = `M48 ${startY} C ${140 + (seed % 40)} ${startY - bend}, ${260 - ((seed >>> 3) % 40)} ${endY + bend}, 352 ${endY}`;
  return (
    <svg className="fb-route-map__drawing" viewBox="0 0 400 120" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="#ffffff" strokeWidth="8" strokeLinecap="round" />
      <path d={path} fill="none" className="fb-route-map__line" strokeWidth="3.5" strokeLinecap="round" strokeDasharray="8 7" />
      <circle cx="48" cy={startY} r="9" className="fb-route-map__start" />
      <circle cx="48" cy={startY} r="3.5" fill="#fff" />
      {/* a map pin whose point sits on the route's end */}
      <path d={`M352 ${endY} c-7-8-11-13-11-18a11 11 0 0 1 22 0c0 5-4 10-11 18z`} className="fb-route-map__end" />
      <circle cx="352" cy={endY - 18} r="4" fill="#fff" />
    </svg>
  );
}

export interface RouteMapProps {
  /** Pickup address (or postal code and city in the public view). */
  from: string;
  /** Delivery address. */
  to: string;
  className?: string;
  /** Smaller drawing, for the cards of the task list. */
  compact?: boolean;
}

/** The route between two addresses: an embedded map when one is configured, otherwise an offline route card. */
export function RouteMap({ from, to, className, compact = false }: RouteMapProps) {
  const fromText = from.trim() || 'Ukendt adresse';
  const toText = to.trim() || 'Ukendt adresse';
  const embedUrl = routeMapEmbedUrl(fromText, toText);
  const title = `Rute fra ${fromText} til ${toText}`;

  return (
    <figure className={classNames('fb-route-map', compact && 'fb-route-map--compact', className)} aria-label={title}>
      {embedUrl ? (
        <iframe
          className="fb-route-map__frame"
          src={embedUrl}
          title={title}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      ) : (
        <OfflineRoute from={fromText} to={toText} />
      )}
      <figcaption className="fb-route-map__caption">
        <span className="fb-route-map__stop" aria-hidden="true">
          <span className="fb-route-map__dot fb-route-map__dot--start" />
          {fromText}
        </span>
        <span className="fb-route-map__stop" aria-hidden="true">
          <span className="fb-route-map__dot fb-route-map__dot--end" />
          {toText}
        </span>
      </figcaption>
    </figure>
  );
}

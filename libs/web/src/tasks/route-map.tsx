import { useId } from 'react';
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
  const patternId = useId();
  const seed = seedOf(`${from}|${to}`);
  const startY = 78 - (seed % 30);
  const endY = 34 + ((seed >> 5) % 36);
  const bend = 20 + ((seed >> 9) % 60);
  const path = `M40 ${startY} C ${110 + (seed % 30)} ${startY - bend}, ${210 - ((seed >> 3) % 30)} ${endY + bend}, 280 ${endY}`;
  return (
    <svg className="fb-route-map__drawing" viewBox="0 0 320 112" preserveAspectRatio="xMidYMid meet" aria-hidden="true" focusable="false">
      <defs>
        <pattern id={patternId} width="16" height="16" patternUnits="userSpaceOnUse">
          <path d="M16 0H0V16" fill="none" stroke="currentColor" strokeOpacity="0.08" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width="320" height="112" fill={`url(#${patternId})`} />
      <path d={path} fill="none" stroke="#ffffff" strokeWidth="7" strokeLinecap="round" />
      <path d={path} fill="none" className="fb-route-map__line" strokeWidth="3" strokeLinecap="round" strokeDasharray="7 6" />
      <circle cx="40" cy={startY} r="8" className="fb-route-map__start" />
      <circle cx="40" cy={startY} r="3" fill="#fff" />
      <path
        d={`M280 ${endY + 2} c-6-7-10-11-10-16a10 10 0 0 1 20 0c0 5-4 9-10 16z`}
        className="fb-route-map__end"
        transform={`translate(0 ${-4})`}
      />
      <circle cx="280" cy={endY - 12} r="3.5" fill="#fff" />
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

import type { UpstreamName } from './upstreams';

export interface HealthReport {
  status: 'ok' | 'degraded';
  services: Record<UpstreamName, 'ok' | 'down'>;
}

/** Asks every service's /readyz at once; a service that does not answer within the timeout counts as down. */
export async function checkHealth(upstreams: Record<UpstreamName, string>, timeoutMs = 2_000): Promise<HealthReport> {
  const entries = await Promise.all(
    (Object.entries(upstreams) as Array<[UpstreamName, string]>).map(async ([name, url]) => {
      try {
        const response = await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
        return [name, response.ok ? 'ok' : 'down'] as const;
      } catch {
        return [name, 'down'] as const;
      }
    }),
  );
  const services = Object.fromEntries(entries) as HealthReport['services'];
  return { status: Object.values(services).every((state) => state === 'ok') ? 'ok' : 'degraded', services };
}

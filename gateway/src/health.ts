import { internalTokenHeader, signInternalToken } from '@fragtbud/platform';
import type { UpstreamName } from './upstreams';

/** `ok`: serving and events flow; `degraded`: HTTP works, events are delayed (bus down, a consumer not consuming); `down`: not serving. */
export type ServiceHealth = 'ok' | 'degraded' | 'down';

export interface HealthReport {
  /** The worst of the services: `down` (503) when one is down, else `degraded` or `ok` (200). */
  status: ServiceHealth;
  services: Record<UpstreamName, ServiceHealth>;
}

const rank: Record<ServiceHealth, number> = { ok: 0, degraded: 1, down: 2 };

/** Asks every service's /readyz at once; a service that does not answer within the timeout counts as down. */
export async function checkHealth(
  upstreams: Record<UpstreamName, string>,
  secret: string,
  timeoutMs = 2_000,
): Promise<HealthReport> {
  // /readyz is for services only (the platform refuses user tokens there).
  const headers = { [internalTokenHeader]: await signInternalToken({ secret, user: null, service: 'gateway' }) };
  const entries = await Promise.all(
    (Object.entries(upstreams) as Array<[UpstreamName, string]>).map(async ([name, url]) => {
      try {
        const response = await fetch(new URL('/readyz', url), { headers, signal: AbortSignal.timeout(timeoutMs) });
        return [name, await healthOf(response)] as const;
      } catch {
        return [name, 'down'] as const;
      }
    }),
  );
  const services = Object.fromEntries(entries) as HealthReport['services'];
  const status = Object.values(services).reduce<ServiceHealth>((worst, state) => (rank[state] > rank[worst] ? state : worst), 'ok');
  return { status, services };
}

async function healthOf(response: Response): Promise<ServiceHealth> {
  if (!response.ok) {
    await response.body?.cancel();
    return 'down';
  }
  const body = (await response.json().catch(() => ({}))) as { status?: unknown };
  return body.status === 'ready' ? 'ok' : 'degraded';
}

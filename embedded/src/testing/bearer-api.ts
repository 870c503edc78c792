import { sessionTransportHeader } from '@fragtbud/contracts';

// Bodies are read loosely by the suites; their assertions say what must be in them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** JSON calls to a gateway's /api as an API client (bearer token, the session token in login/register answers). */
export function bearerApi(baseUrl: string) {
  return async function api(path: string, token: string | null, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: Json }> {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json', [sessionTransportHeader]: 'bearer' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

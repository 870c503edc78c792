import type { AuthUser } from '@fragtbud/contracts';
import { internalTokenHeader, signInternalToken, type ForwardedClient } from './internal-token';

// Replies are checked by the tests' assertions (and contract schemas where it matters), not by the compiler.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface TestReply<B = any> {
  status: number;
  /** Parsed JSON; the text itself when it is not JSON; undefined for an empty answer. */
  body: B;
  headers: Headers;
}

export interface TestCallOptions {
  /** JSON body, serialised. */
  body?: unknown;
  /** Sent as is, with content-type application/json unless `headers` say otherwise. */
  raw?: string;
  /** The user the gateway's token vouches for; null or absent = anonymous. */
  as?: AuthUser | null;
  /** Call as that service would (createServiceClient's token: no user, `service` set); wins over `as`. */
  service?: string;
  /** With `service`: the user that service acts for (createServiceClient's `user` option, e.g. the gateway's account endpoints). */
  actingFor?: AuthUser;
  /** The browser's address and protocol the gateway would sign into the token (login limits, Secure cookie). */
  client?: ForwardedClient;
  /** Sent last, over what the client sets. */
  headers?: Record<string, string>;
  /** Leave the internal token out. */
  withoutInternalToken?: boolean;
}

export interface TestClient {
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call<B = any>(method: string, path: string, options?: TestCallOptions): Promise<TestReply<B>>;
}

/**
 * Talks to a service started in a test the way the gateway (or another service) does: a signed internal token on
 * every request, JSON in and out.
 */
export function createTestClient({ url, secret }: { url: string; secret: string }): TestClient {
  async function call<B>(method: string, path: string, options: TestCallOptions = {}): Promise<TestReply<B>> {
    const headers: Record<string, string> = {};
    if (!options.withoutInternalToken) {
      headers[internalTokenHeader] = await signInternalToken(
        options.service
          ? { secret, user: options.actingFor ?? null, service: options.service }
          : { secret, user: options.as ?? null, client: options.client },
      );
    }
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    const response = await fetch(`${url}${path}`, { method, headers, body });
    return { status: response.status, body: parseReply(await response.text()) as B, headers: response.headers };
  }

  return { url, call };
}

function parseReply(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

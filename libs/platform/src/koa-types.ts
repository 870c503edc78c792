import type { AuthUser } from '@fragtbud/contracts';
import type { ForwardedClient } from './internal-token';
import type { Logger } from './logger';

/** What the service factory puts on every request. */
declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
    /** The caller the gateway vouched for; null for anonymous requests. */
    user: AuthUser | null;
    /** Set when another service calls as itself (system token) rather than on behalf of a user. */
    callerService?: string;
    /** The browser's address and protocol as the gateway saw them (signed in its token); absent for service calls. */
    client?: ForwardedClient;
  }

  interface Request {
    /** Parsed JSON body (undefined when the request had none). */
    body?: unknown;
    /** The body exactly as received, for signature checks (webhooks). */
    rawBody?: string;
  }
}

export {};

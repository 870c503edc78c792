import type { z } from 'zod';
import { AppError, isAppError } from './app-error';
import type { Logger } from './logger';
import type { ServiceClient } from './service-client';
import type { ServiceClients } from './service-clients';

/**
 * The client of another service, resolved when first needed: a missing `<NAME>_URL` or an answer that does not
 * match its contract is logged and answered 503 — the caller cannot fix it, and it must never be a 500.
 */
export function peerClient(clients: ServiceClients, name: string, logger: Logger) {
  function client(): ServiceClient {
    try {
      return clients.get(name);
    } catch (error) {
      logger.error({ err: error, peer: name }, `no address for svc-${name}`);
      throw AppError.unavailable();
    }
  }

  function parsed<S extends z.ZodType>(schema: S, answer: unknown, what: string): z.output<S> {
    const result = schema.safeParse(answer);
    if (result.success) return result.data;
    logger.error({ peer: name, what, issues: result.error.issues }, `svc-${name} answered outside its contract`);
    throw AppError.unavailable();
  }

  async function get<S extends z.ZodType>(schema: S, path: string, requestId?: string): Promise<z.output<S>> {
    return parsed(schema, await client().get(path, { requestId }), `GET ${path}`);
  }

  return {
    get,
    /**
     * GET, or null when the peer answers 404 with `notFoundCode` (it has no such thing). Any other failure — a 404
     * with another code (a peer too old to know the route) included — is logged and thrown as 503.
     */
    async find<S extends z.ZodType>(schema: S, path: string, notFoundCode: string, requestId?: string): Promise<z.output<S> | null> {
      try {
        return await get(schema, path, requestId);
      } catch (error) {
        if (isAppError(error) && error.status === 404 && error.code === notFoundCode) return null;
        return peerUnavailable(error, logger, name);
      }
    },
    async post<S extends z.ZodType>(schema: S, path: string, body: unknown, requestId?: string): Promise<z.output<S>> {
      return parsed(schema, await client().post(path, body, { requestId }), `POST ${path}`);
    },
  };
}

export type PeerClient = ReturnType<typeof peerClient>;

/** Anything but the answer we expect from the other service is logged here and shown as the spec's 503 text. */
export function peerUnavailable(error: unknown, logger: Logger, peer: string): never {
  logger.warn({ err: error, peer }, `svc-${peer} did not give the answer needed`);
  throw AppError.unavailable();
}

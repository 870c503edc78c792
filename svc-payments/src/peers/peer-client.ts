import type { z } from 'zod';
import { AppError, type Logger, type ServiceClient, type ServiceClients } from '@fragtbud/platform';

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

  return {
    async get<S extends z.ZodType>(schema: S, path: string, requestId?: string): Promise<z.output<S>> {
      const answer = await client().get(path, { requestId });
      const result = schema.safeParse(answer);
      if (result.success) return result.data;
      logger.error({ peer: name, path, issues: result.error.issues }, `svc-${name} answered outside its contract`);
      throw AppError.unavailable();
    },
  };
}

export type PeerClient = ReturnType<typeof peerClient>;

/** Anything but the answer we expect from the other service is logged here and shown as the spec's 503 text. */
export function peerUnavailable(error: unknown, logger: Logger, peer: string): never {
  logger.warn({ err: error, peer }, `svc-${peer} did not give the answer needed`);
  throw AppError.unavailable();
}

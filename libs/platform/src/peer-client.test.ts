import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { createLogger } from './logger';
import { peerClient } from './peer-client';
import type { ServiceClient } from './service-client';
import type { ServiceClients } from './service-clients';

const logger = createLogger({ name: 'peer-test', level: 'silent' });
const thingSchema = z.object({ id: z.number() });

/** A peer whose GET answers `answer` (a value, or an error to throw). */
function peerAnswering(answer: unknown): ServiceClients {
  const refuse = async (): Promise<never> => {
    throw new Error('not used');
  };
  const client: ServiceClient = {
    async get<T>() {
      if (answer instanceof Error) throw answer;
      return answer as T;
    },
    post: refuse,
    put: refuse,
    delete: refuse,
  };
  return { get: () => client };
}

const unavailable = { status: 503, code: 'service_unavailable' };

describe('peerClient find', () => {
  it('when the peer answers within its contract, then the parsed answer', async () => {
    expect(await peerClient(peerAnswering({ id: 7, extra: 1 }), 'things', logger).find(thingSchema, '/internal/things/7', 'thing_not_found')).toEqual({ id: 7 });
  });

  it('when the peer answers 404 with the code for "no such thing", then null', async () => {
    const peer = peerClient(peerAnswering(AppError.notFound('Ikke fundet', 'thing_not_found')), 'things', logger);
    expect(await peer.find(thingSchema, '/internal/things/7', 'thing_not_found')).toBeNull();
  });

  it('when the peer answers 404 with another code (it does not know the route), then 503, not null', async () => {
    const peer = peerClient(peerAnswering(AppError.notFound()), 'things', logger);
    await expect(peer.find(thingSchema, '/internal/things/7', 'thing_not_found')).rejects.toMatchObject(unavailable);
  });

  it('when the peer is unreachable, answers outside its contract or has no address, then 503', async () => {
    const noAddress: ServiceClients = {
      get: () => {
        throw new Error('No URL for service things');
      },
    };
    for (const clients of [peerAnswering(AppError.unavailable()), peerAnswering({ id: 'sju' }), noAddress]) {
      await expect(peerClient(clients, 'things', logger).find(thingSchema, '/internal/things/7', 'thing_not_found')).rejects.toMatchObject(unavailable);
    }
  });
});

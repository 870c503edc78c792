import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { makeUser } from '../testing';
import { useSession } from '../session/session-store';
import { createQueryClient, isRetryable } from './query-client';

const failure = (status: number) => new ApiError({ status, code: `http_${status}`, message: 'x' });

describe('query client', () => {
  it('retries only failures that may pass: network, timeout and 5xx', () => {
    expect(isRetryable(failure(0))).toBe(true);
    expect(isRetryable(failure(503))).toBe(true);
    expect(isRetryable(failure(400))).toBe(false);
    expect(isRetryable(failure(404))).toBe(false);
    expect(isRetryable(new Error('bug'))).toBe(false);
  });

  it('when the signed-in user signs out or another signs in, then nothing cached for the first one is kept', () => {
    useSession.setState({ user: makeUser({ id: 1 }), status: 'ready', expired: false });
    const client = createQueryClient({ retry: false });
    client.setQueryData(['me', 'bank'], { account: '1234 5678901' });
    useSession.setState({ user: makeUser({ id: 1, name: 'Nyt navn' }) });
    expect(client.getQueryData(['me', 'bank'])).toEqual({ account: '1234 5678901' });
    useSession.setState({ user: makeUser({ id: 2 }) });
    expect(client.getQueryData(['me', 'bank'])).toBeUndefined();
    client.setQueryData(['me', 'bank'], { account: '9999 0000001' });
    useSession.setState({ user: null });
    expect(client.getQueryData(['me', 'bank'])).toBeUndefined();
  });

  it('when a query answers 401 while signed in, then the session is marked expired', async () => {
    useSession.setState({ user: makeUser(), status: 'ready', expired: false });
    const client = createQueryClient({ retry: false });
    await client.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(failure(401)) }).catch(() => undefined);
    expect(useSession.getState()).toMatchObject({ user: null, expired: true });
  });

  it('when a mutation answers 401 while signed in, then the session is marked expired', async () => {
    useSession.setState({ user: makeUser(), status: 'ready', expired: false });
    const client = createQueryClient({ retry: false });
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(failure(401)) })
      .execute(undefined)
      .catch(() => undefined);
    expect(useSession.getState()).toMatchObject({ user: null, expired: true });
  });
});

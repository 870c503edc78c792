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
